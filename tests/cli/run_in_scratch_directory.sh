#!/usr/bin/env bash
# run_in_scratch_directory.sh KIND CODE COMMAND...: run_expecting_exit.sh CODE COMMAND... with every
# "@DIR@" in COMMAND replaced by a fresh scratch directory, then a line saying what the command left
# there ("left in scratch directory: none", or the paths), for tests that a failure leaves no
# partial output. KIND is the scratch directory:
#   plain       an empty directory
#   full:SIZE   an empty tmpfs of SIZE bytes: a full disk (in a private mount namespace)
#   read-only   an empty read-only tmpfs
#   unwritable  an empty directory of mode 555, the command run as an unprivileged user if root
# Exits 77 (the tests' SKIP_RETURN_CODE) where the machine allows no mount namespace.
set -u
kind=$1 code=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'chmod 700 "$scratch"; rm -rf "$scratch"' EXIT
arguments=()
for argument in "$@"; do arguments+=("${argument//@DIR@/$scratch}"); done
# $0 of the inner shell is the scratch directory, listed once the command has run.
run_and_list='"$@"; status=$?; left=$(cd "$0" && find . -mindepth 1 | sort | tr "\n" " ")
echo "left in scratch directory: ${left:-none}"; exit $status'
command=(bash -c "$run_and_list" "$scratch" "$here/run_expecting_exit.sh" "$code" "${arguments[@]}")

status=0
case "$kind" in
  plain) "${command[@]}" || status=$? ;;
  full:* | read-only)
    options=ro
    [[ $kind == full:* ]] && options="size=${kind#full:}"
    namespace=(unshare --mount)
    [ "$(id -u)" -ne 0 ] && namespace+=(--map-root-user)
    "${namespace[@]}" true 2>/dev/null || { echo "no private mount namespace on this machine: skipped"; exit 77; }
    "${namespace[@]}" bash -c 'mount -t tmpfs -o "$1" tmpfs "$2" || exit 77; shift 2; "$@"' \
      mount "$options" "$scratch" "${command[@]}" || status=$? ;;
  unwritable)
    chmod 555 "$scratch"
    user=()
    [ "$(id -u)" -eq 0 ] && user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    "${user[@]}" "${command[@]}" || status=$? ;;
  *) echo "unknown kind '$kind'"; status=2 ;;
esac
exit "$status"
