#!/usr/bin/env zsh
# Prints what zsh's completion offers for a command line, one match a line:
#   zsh scripts/check/zsh_complete.zsh FPATH_DIR 'linkify --detect url,ph'
# It types the line and a Tab into an interactive zsh in a pseudo-terminal
# (zsh/zpty) whose compadd also records each match in a file, then prints them
# (sorted, unique), then `created: NAME` for each file the completion wrote in
# the (empty, temporary) current directory: there must be none.
# Used by scripts/check/test_install.sh on the installed _linkify.
zmodload zsh/zpty
matches=$(mktemp)
scratch=$(mktemp -d)
zpty z 'zsh -f -i'
zpty -w z "PS1='> '; cd ${(q)scratch}; fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z "compadd() { builtin compadd -O __m \"\$@\"; (( \$#__m )) && print -l -- \$__m >> ${(q)matches}; builtin compadd \"\$@\" }"
zpty -n -w z "$2"$'\t'
# Waits (up to 10 s on a busy machine) for the completion to run.
for _ in {1..100}; do [[ -s $matches ]] && break; sleep 0.1; done
sleep 0.2
zpty -d z
sort -u $matches
for f in $scratch/*(DN); do print -r -- "created: ${f:t}"; done
rm -rf $matches $scratch
