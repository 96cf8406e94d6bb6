#!/usr/bin/env python3
"""check-gettext-formats.py: no translatable string is glued to a GLib
format macro.

Usage: check-gettext-formats.py SOURCE_ROOT

xgettext reads _("seed %" G_GINT64_FORMAT ", not ...") as the string up to
the macro ("seed %"), so the message the program looks up at run time is
never in a catalog and stays in English.  Such strings must use standard C
length modifiers with a cast (%lld, %llu, %lu) or format the number first.
Exits 1 and names each file and line with such a string.
"""
import pathlib
import re
import sys

# A gettext call whose string literal(s) are followed by a G_*_FORMAT macro
# before the call's first comma or closing parenthesis.
GLUED = re.compile(
    r'(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|Q_|ngettext|g_dngettext|g_dgettext)\s*\('
    r'(?:\s*"(?:[^"\\\n]|\\.)*")+\s*G_G[A-Z0-9]+_FORMAT')


def main(argv):
    if len(argv) != 2:
        print('usage: check-gettext-formats.py SOURCE_ROOT', file=sys.stderr)
        return 2
    root = pathlib.Path(argv[1]).resolve()
    bad = []
    for path in sorted((root / 'src').rglob('*.[ch]')):
        text = path.read_text(encoding='utf-8', errors='replace')
        for match in GLUED.finditer(text):
            line = text.count('\n', 0, match.start()) + 1
            bad.append(f'{path.relative_to(root).as_posix()}:{line}: a translatable string '
                       'is glued to a G_*_FORMAT macro (xgettext cuts it there; use %lld/%llu/%lu '
                       'with a cast)')
    for message in bad:
        print(message)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
