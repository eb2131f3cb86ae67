#!/usr/bin/env bash
# Core Hunter 3 as a peer, on Java 17 without R.
#   bench/peers/corehunter.sh jar                 the jar into bench/tmp/ (git-ignored; never committed)
#   bench/peers/corehunter.sh fixtures            test/fixtures/core-collection/*.json: Core Hunter's evaluateCore answers
#   bench/peers/corehunter.sh run <args...>       CoreHunterRunner.java with the jar (evaluate | sample | ranges)
# The jar comes from the CRAN source package `corehunter` (inst/java/corehunter-base-3.2.0.jar, Apache-2.0), read from
# a local copy of the package's sources when COREHUNTER_SRC points at one (a git clone of github.com/cran/corehunter
# or an unpacked tarball), else downloaded from CRAN.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tmp="$root/bench/tmp"
jar="$tmp/corehunter-base-3.2.0.jar"
nop="$tmp/slf4j-nop-1.7.21.jar"
mkdir -p "$tmp"

get_jar() {
  [ -f "$jar" ] && [ -f "$nop" ] && return 0
  if [ -n "${COREHUNTER_SRC:-}" ] && [ -d "$COREHUNTER_SRC/.git" -o -f "$COREHUNTER_SRC/HEAD" ]; then
    git -C "$COREHUNTER_SRC" show HEAD:inst/java/corehunter-base-3.2.0.jar > "$jar"
    git -C "$COREHUNTER_SRC" show HEAD:inst/java/slf4j-nop-1.7.21.jar > "$nop"
  elif [ -n "${COREHUNTER_SRC:-}" ] && [ -d "$COREHUNTER_SRC/inst/java" ]; then
    cp "$COREHUNTER_SRC/inst/java/corehunter-base-3.2.0.jar" "$COREHUNTER_SRC/inst/java/slf4j-nop-1.7.21.jar" "$tmp/"
  else
    curl -fsSL https://cran.r-project.org/src/contrib/Archive/corehunter/corehunter_3.2.3.tar.gz -o "$tmp/corehunter.tar.gz"
    tar -xzf "$tmp/corehunter.tar.gz" -C "$tmp" corehunter/inst/java
    cp "$tmp/corehunter/inst/java/"*.jar "$tmp/"
  fi
}

run() {
  get_jar
  java -cp "$jar:$nop" "$here/CoreHunterRunner.java" "$@"
}

case "${1:-}" in
  jar) get_jar; echo "$jar" ;;
  run) shift; run "$@" ;;
  fixtures) get_jar; node "$here/corehunter-fixtures.mjs" "$here/corehunter.sh"; (cd "$root" && npx deno fmt test/fixtures/core-collection) ;;
  *) echo "usage: bench/peers/corehunter.sh jar | fixtures | run <evaluate|sample|ranges> ..." >&2; exit 2 ;;
esac
