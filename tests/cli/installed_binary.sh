#!/usr/bin/env bash
# installed_binary.sh CMAKE BUILD_DIR: the set-up the README gives, from an install. `cmake --install`
# into a fresh prefix, its bin/ first on PATH (and no NORMBOUND_THEOREM_DIR): `normbound --version`
# runs; the installed theorem folder is read (a file added there is listed); and the replay
# commands that check and prove print run as printed, in the directory they were printed in.
# Prints what failed; exits 1 then.
set -u
cmake=$1 build=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
"$cmake" --install "$build" --prefix "$prefix/install" >/dev/null || { echo "FAILED: cmake --install"; exit 1; }
unset NORMBOUND_THEOREM_DIR
export PATH="$prefix/install/bin:$PATH"
source "$(dirname "$0")/expect_exit_and_output.sh"
mkdir "$prefix/work" && cd "$prefix/work" || exit 1
# replays PATTERN COMMAND...: COMMAND prints a replay command ("replay  C" of check, "; replay: C"
# of prove), and C, run as printed, exits 0 with output matching PATTERN.
replays() {
  local pattern=$1
  shift
  local output replay
  output=$("$@" 2>&1)
  replay=$(sed -n 's/^ *replay  //p; s/.*; replay: //p' <<<"$output" | head -1)
  if [ -z "$replay" ]; then
    echo "FAILED: $* printed no replay command:"
    echo "$output" | tail -8
    failures=$((failures + 1))
  else
    expect 0 "$pattern" bash -c "$replay"
  fi
}

expect 0 '^normbound [0-9]+\.[0-9]+\.[0-9]+' normbound --version
folder=$prefix/install/share/normbound/theorems
if [ -f "$folder/softmax-entropy-log-l-minus-tenth.toml" ]; then
  sed 's/^id = .*/id = "installed-folder-copy"/' "$folder/softmax-entropy-log-l-minus-tenth.toml" \
    >"$folder/installed-folder-copy.toml"
  expect 0 '^installed-folder-copy ' normbound list
else
  echo "FAILED: no theorem folder installed in share/normbound/theorems"
  failures=$((failures + 1))
fi

replays 'softmax-entropy-log-l-minus-tenth +1 .*VIOLATED \(expected\)' \
  normbound check softmax-entropy-log-l-minus-tenth --cases 10 --threads 2 --cases-dir cases
replays 'VIOLATED \(expected\)' \
  normbound prove softmax-entropy-log-l-minus-tenth --size L=2 --region 'l=[-1,1]' --region 'T=[1,1]' --cases-dir cases
[ "$failures" -eq 0 ] && echo "installed binary: all as the README says" || exit 1
