#!/usr/bin/env bash
# Jupyter for the notebook tests (run before `npm test`): what test/notebooks.test.ts uses is `jupyter nbconvert`
# (Debian: jupyter-nbconvert, python3-nbconvert) and `jupyter kernelspec` (Debian: jupyter-client), with the Deno
# kernel of the project's own Deno. Installed from Debian's packages when missing and this user can (root with
# apt-get); otherwise a note naming the packages, and the notebook tests skip (they fail under CI=true).
set -uo pipefail
PACKAGES="jupyter-nbconvert python3-nbconvert jupyter-client python3-ipykernel"
have() { jupyter nbconvert --version >/dev/null 2>&1 && jupyter kernelspec list --json >/dev/null 2>&1; }
if have; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Jupyter ($PACKAGES) from Debian's packages for the notebook tests…" >&2
  export DEBIAN_FRONTEND=noninteractive
  # shellcheck disable=SC2086
  apt-get update -qq && apt-get install -y -qq --no-install-recommends $PACKAGES >/dev/null \
    || echo "could not install Jupyter ($PACKAGES); the notebook tests will skip (or fail under CI=true)" >&2
  have || echo "Jupyter is still incomplete (jupyter nbconvert and jupyter kernelspec are both needed)" >&2
else
  echo "note: the notebook tests need 'jupyter nbconvert' and 'jupyter kernelspec', and will skip; on Debian: sudo apt-get install $PACKAGES" >&2
fi
exit 0
