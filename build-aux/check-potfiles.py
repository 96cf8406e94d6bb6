#!/usr/bin/env python3
"""check-potfiles.py: every source file with translatable strings is in
po/POTFILES.in, and every file POTFILES.in names exists.

Usage: check-potfiles.py SOURCE_ROOT

A file has translatable strings when it calls a gettext macro or function
(_(), N_(), C_(), NC_(), Q_(), g_dgettext(), g_dngettext(), g_dpgettext2(),
ngettext()), or, for GtkBuilder files, marks a property or attribute
translatable="yes".  The desktop file, the metainfo and the GSettings schema
(data/) are translated by their format, not by a marker: they are required
in POTFILES.in when they exist.  Exits 1 and names each file that is
missing, or listed but absent.
"""
import pathlib
import re
import sys

C_MARKER = re.compile(
    r'(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|Q_|g_dgettext|g_dngettext|g_dpgettext2|ngettext)\s*\(')
UI_MARKER = re.compile(r'translatable\s*=\s*"(?:yes|true|1)"', re.IGNORECASE)
DATA_PATTERNS = ('*.desktop.in', '*.metainfo.xml.in', '*.gschema.xml')


def strip_c_comments(text):
    """Drops /* */ and // comments, keeping string literals, so that a
    comment that quotes _("...") does not count."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            i = n if j < 0 else j + 2
            out.append(' ')
        elif text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def translatable_files(root):
    found = set()
    for path in sorted((root / 'src').rglob('*.[ch]')):
        text = path.read_text(encoding='utf-8', errors='replace')
        if C_MARKER.search(strip_c_comments(text)):
            found.add(path.relative_to(root).as_posix())
    for path in sorted((root / 'ui').rglob('*.ui')):
        if UI_MARKER.search(path.read_text(encoding='utf-8', errors='replace')):
            found.add(path.relative_to(root).as_posix())
    for pattern in DATA_PATTERNS:
        for path in sorted((root / 'data').glob(pattern)):
            found.add(path.relative_to(root).as_posix())
    return found


def listed_files(root):
    listed = set()
    for line in (root / 'po' / 'POTFILES.in').read_text(encoding='utf-8').splitlines():
        line = line.strip()
        if line and not line.startswith('#'):
            listed.add(line)
    return listed


def main(argv):
    if len(argv) != 2:
        print('usage: check-potfiles.py SOURCE_ROOT', file=sys.stderr)
        return 2
    root = pathlib.Path(argv[1]).resolve()
    needed = translatable_files(root)
    listed = listed_files(root)
    missing = sorted(needed - listed)
    absent = sorted(path for path in listed if not (root / path).is_file())
    for path in missing:
        print(f'{path}: has translatable strings but is not in po/POTFILES.in')
    for path in absent:
        print(f'po/POTFILES.in: {path} does not exist')
    if missing or absent:
        return 1
    print(f'{len(listed)} files in po/POTFILES.in; every file with translatable strings is listed')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
