#!/usr/bin/env python3
"""Learning curves side by side: the training games' figures of two or more
`lookahead-cli train --curve FILE.csv` runs, read at the same training time
(--at-seconds) or the same number of games (--at-games).

A run made of several `train` calls (OTD, then --resume --tc) is given as
its CSV files joined by '+': the later files' games and seconds go on from
the earlier's.

  python3 benchmarks/compare-curves.py TC=ship.csv OTD+TC=otd.csv+otdtc.csv \
      --at-seconds 600,1200,2400,4745

Each row: the last block of games before that point (mean score of the
training games, greedy 1-ply, and the shares that reached 2048, 8192 and
16384), with the games and seconds it had reached.
"""
import argparse
import csv
import sys


def read_run(spec):
    rows = []
    games0 = seconds0 = 0.0
    for path in spec.split('+'):
        with open(path, newline='') as f:
            part = [dict((k, float(v)) for k, v in r.items()) for r in csv.DictReader(f)]
        # A resumed run's curve counts the network's games from its first
        # (so they go on already) but its seconds from the run's start.
        cumulative = bool(part) and part[0]['games'] > games0
        for r in part:
            if not cumulative:
                r['games'] += games0
            r['seconds'] += seconds0
        if part:
            games0, seconds0 = part[-1]['games'], part[-1]['seconds']
        rows += part
    return rows


def number(x):
    return '%d' % x if x == int(x) else '%g' % x


def at(rows, key, value):
    """The last row whose @key is at most @value (None before the first)."""
    best = None
    for r in rows:
        if r[key] <= value:
            best = r
    return best


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('runs', nargs='+', help='NAME=FILE.csv[+FILE2.csv...]')
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument('--at-seconds', help='comma-separated training times')
    g.add_argument('--at-games', help='comma-separated game counts')
    a = p.parse_args()
    key, points = ('seconds', a.at_seconds) if a.at_seconds else ('games', a.at_games)
    points = [float(x) for x in points.split(',')]
    runs = []
    for spec in a.runs:
        if '=' not in spec:
            sys.exit('compare-curves: a run is NAME=FILE.csv, not %s' % spec)
        name, files = spec.split('=', 1)
        runs.append((name, read_run(files)))
    print('| %s | run | games | seconds | mean score | 2048 | 8192 | 16384 |' % key)
    print('|---:|---|---:|---:|---:|---:|---:|---:|')
    for x in points:
        for name, rows in runs:
            r = at(rows, key, x)
            if r is None:
                print('| %s | %s | - | - | - | - | - | - |' % (number(x), name))
                continue
            ended = ' (its end)' if x > rows[-1][key] else ''
            print('| %s | %s%s | %d | %.0f | %.0f | %.1f %% | %.1f %% | %.1f %% |' % (
                number(x), name, ended, r['games'], r['seconds'], r['mean_score'], 100 * r['share_2048'],
                100 * r['share_8192'], 100 * r['share_16384']))


if __name__ == '__main__':
    main()
