#!/usr/bin/env bash
# Installs linkify into a temporary prefix as a user would (`make install PREFIX=…`),
# then checks that the installed binary runs, that `man -l` renders the page, that
# each completion script loads in its shell, and that `make uninstall` removes it all.
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
make -s install PREFIX="$prefix" >/dev/null
fail() { echo "test_install: FAIL: $*" >&2; exit 1; }
out=$(printf 'see example.com\n' | "$prefix/bin/linkify")
[ "$out" = 'see <a href="https://example.com">example.com</a>' ] || fail "installed binary printed: $out"
if ldd "$prefix/bin/linkify" 2>/dev/null | grep -q libswiftCore; then fail "installed binary needs the Swift runtime"; fi
# Installed stripped, at the size the README says (issue 24, item 17).
if readelf -S "$prefix/bin/linkify" | grep -q '\.symtab'; then fail "installed binary is not stripped (it has a .symtab)"; fi
size_mb=$(( ($(stat -c %s "$prefix/bin/linkify") + 524288) / 1048576 ))
said=$(sed -n '/^## Install/,/^## /p' README.md | grep -oE 'stripped binary of about [0-9]+ MB' | grep -oE '[0-9]+' || true)
[ -n "$said" ] || fail "README's Install section does not say the size (\"stripped binary of about N MB\")"
[ $(( size_mb * 10 )) -ge $(( said * 8 )) ] && [ $(( size_mb * 10 )) -le $(( said * 12 )) ] \
  || fail "README says about $said MB, the installed binary is $size_mb MB"
echo "test_install: installed binary: $size_mb MB, stripped (README: about $said MB)"
# Every package install the repository runs or suggests (apt-get) leaves recommended packages out (item 18);
# corpus/text is other projects' text, kept as it was written.
if git rev-parse --git-dir >/dev/null 2>&1 && git grep -nE 'apt-get +install' -- . ':!corpus/text' | grep -v -- '--no-install-recommends'; then
  fail "apt-get install without --no-install-recommends (above)"
fi
start=$(date +%s%N); for _ in $(seq 50); do printf 'x\n' | "$prefix/bin/linkify" >/dev/null; done; end=$(date +%s%N)
echo "test_install: start-up of the installed binary: $(( (end - start) / 50000 )) µs per run (50 runs, 2-byte input)"
if command -v man >/dev/null; then
  # Output is captured first: with pipefail, `grep -q` quitting early would fail the writer (SIGPIPE).
  page=$(man -l "$prefix/share/man/man1/linkify.1" 2>/dev/null)
  grep -q -- "--detect" <<<"$page" || fail "man -l did not render the options"
  grep -q -- "--format" <<<"$page" || fail "man -l did not render the lint options"
  # EXAMPLES: the README's tour (GeneratedDocsTests compares them line by line).
  sed -n '/^EXAMPLES/,/^EXIT STATUS/p' <<<"$page" | grep -q -- "linkify -i notes.md" || fail "man -l did not render EXAMPLES"
  if command -v groff >/dev/null; then
    warnings=$(groff -ww -man -Tutf8 -z "$prefix/share/man/man1/linkify.1" 2>&1)
    [ -z "$warnings" ] || fail "groff warns about the man page: $warnings"
  fi
else
  echo "test_install: man not installed, page not rendered (syntax not checked)"
fi
# Every flag of --help and lint --help is in the man page (GeneratedDocsTests checks
# each flag of the table against both, section by section).
for flag in $({ "$prefix/bin/linkify" --help; "$prefix/bin/linkify" lint --help; } | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
  grep -q -- "\\\\-\\\\-${flag#--}" "$prefix/share/man/man1/linkify.1" || fail "$flag missing from the man page"
done
bash -c "source '$prefix/share/bash-completion/completions/linkify' && complete -p linkify >/dev/null" || fail "bash completion"
# What bash offers: a fixed value set, and the next item of a comma-separated --detect list.
bash_offers() {   # bash_offers WORD...: the completions of the last word
  bash -c "source '$prefix/share/bash-completion/completions/linkify'; COMP_WORDS=(linkify $*); COMP_CWORD=$#; _linkify; echo \"\${COMPREPLY[*]}\""
}
[ "$(bash_offers --to m)" = markdown ] || fail "bash completion of --to m: $(bash_offers --to m)"
[ "$(bash_offers --profile '')" = "default gfm twitter" ] || fail "bash completion of --profile: $(bash_offers --profile '')"
[ "$(bash_offers --detect url,ph)" = url,phone ] || fail "bash completion of --detect url,ph: $(bash_offers --detect url,ph)"
if command -v zsh >/dev/null; then
  zsh -n "$prefix/share/zsh/site-functions/_linkify" || fail "zsh completion syntax"
  zsh -c "fpath=('$prefix/share/zsh/site-functions' \$fpath); autoload -U compinit; compinit -u -D; (( \$+_comps[linkify] ))" \
    || fail "zsh completion not registered"
  # What zsh offers, typed with a Tab into an interactive zsh (zsh/zpty); a
  # `created: FILE` line (a completion that wrote a file) fails the comparison.
  zsh_offers() { zsh scripts/check/zsh_complete.zsh "$prefix/share/zsh/site-functions" "$1" | tr '\n' ' '; }
  [ "$(zsh_offers 'linkify --profile ')" = "default gfm twitter " ] || fail "zsh completion of --profile: $(zsh_offers 'linkify --profile ')"
  [ "$(zsh_offers 'linkify --detect url,ph')" = "phone " ] || fail "zsh completion of --detect url,ph: $(zsh_offers 'linkify --detect url,ph')"
else
  echo "test_install: zsh not installed, zsh completion not loaded"
fi
if command -v fish >/dev/null; then
  completed=$(fish -c "source '$prefix/share/fish/vendor_completions.d/linkify.fish'; complete -C 'linkify --to '")
  grep -q markdown <<<"$completed" || fail "fish completion"
  completed=$(fish -c "source '$prefix/share/fish/vendor_completions.d/linkify.fish'; complete -C 'linkify --detect url,ph'")
  grep -qx 'url,phone' <<<"$(cut -f1 <<<"$completed")" || fail "fish completion of --detect url,ph: $completed"
else
  echo "test_install: fish not installed, fish completion not loaded"
fi
make -s uninstall PREFIX="$prefix" >/dev/null
[ -z "$(find "$prefix" -type f)" ] || fail "uninstall left files: $(find "$prefix" -type f)"
echo "test_install: ok"
