#!/usr/bin/env bash
# Jupyter's nbconvert for the notebook tests (run before `npm test`): installed
# from Debian's packages when missing and this user can (root with apt-get);
# otherwise a note, and the notebook tests skip (they fail under CI=true).
set -uo pipefail
if jupyter nbconvert --version >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Jupyter (nbconvert, ipykernel) from Debian's packages for the notebook tests…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends jupyter-nbconvert python3-nbconvert jupyter-client python3-ipykernel >/dev/null \
    || echo "could not install Jupyter; the notebook tests will skip (or fail under CI=true)" >&2
else
  echo "note: Jupyter's nbconvert is not installed, so the notebook tests will skip; on Debian: sudo apt-get install jupyter-nbconvert python3-ipykernel" >&2
fi
exit 0
