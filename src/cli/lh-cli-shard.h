/* lh-cli-shard.h: splitting the games of `bench`, `sweep` and `tune` into
 * shards that run on different machines (--shard I/N, --out FILE).
 *
 * Shards are numbered from 1: shard I of N (1 <= I <= N) holds the games
 * whose index k (from 0, the game with seed S + k) has k mod N = I - 1, so
 * shard 1 of 4 plays games 0, 4, 8, ..., shard 2 games 1, 5, 9, ...  Dealt
 * round-robin rather than in blocks, the shards get games of every part of
 * the seed range and equal counts to within one.  A game keeps its global
 * index and so its seed and its searches' seeds (lh-cli-games.h): the union
 * of the N shards' games is exactly the games of the whole run, whichever
 * machine played them and with however many --jobs.  What a shard writes
 * and how `lookahead-cli merge` puts the shards together is in
 * lh-cli-part.h.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/** The most shards a run may be split into. */
#define LH_CLI_MAX_SHARDS 100000

/**
 * LhCliShard: shard @index of @count
 * @index: 1 to @count
 * @count: 1 to LH_CLI_MAX_SHARDS
 *
 * { 1, 1 } is the whole run.
 */
typedef struct {
  guint index;
  guint count;
} LhCliShard;

/**
 * lh_cli_shard_parse:
 * @text: "I/N", two whole decimal numbers ("2/4")
 * @shard: (out): set only on success
 *
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE, the message starting
 *   with "--shard") when @text is not of that form, N is 0 or more than
 *   LH_CLI_MAX_SHARDS, or I is not from 1 to N ("--shard: 5/4: shard 5 of
 *   4: I must be from 1 to 4").
 */
gboolean lh_cli_shard_parse (const char *text,
                             LhCliShard *shard,
                             GError    **error);

/**
 * lh_cli_shard_n_items:
 * Returns: how many of the items 0 .. @n_items - 1 belong to @shard: those
 *   k with k mod count = index - 1 (@n_items / count, one more for the
 *   first @n_items mod count shards).
 */
guint lh_cli_shard_n_items (const LhCliShard *shard,
                            guint             n_items);

/**
 * lh_cli_shard_item:
 * Returns: the global index of @shard's item @j (from 0): index - 1 + j ×
 *   count.
 */
guint lh_cli_shard_item (const LhCliShard *shard,
                         guint             j);

/**
 * lh_cli_shard_owns:
 * Returns: whether the global item @k belongs to @shard.
 */
gboolean lh_cli_shard_owns (const LhCliShard *shard,
                            guint             k);

/**
 * LhCliShardOptions: the --shard and --out options of a command
 * @spec: --shard as typed (owned), or NULL
 * @out_path: --out (owned), or NULL for standard output
 * @active: --shard was given (set by lh_cli_shard_options_check())
 * @shard: the shard after lh_cli_shard_options_check(); { 1, 1 } without
 *   --shard
 * @entries: the GOptionEntry array, pointing into this struct, which must
 *   stay where it is while the options are parsed
 *
 * Initialise with { 0 }, add to a context with
 * lh_cli_shard_options_add_entries(), check after parsing with
 * lh_cli_shard_options_check(), clear with lh_cli_shard_options_clear()
 * (or declare with g_auto()).
 */
typedef struct {
  char         *spec;
  char         *out_path;
  gboolean      active;
  LhCliShard    shard;
  GOptionEntry  entries[3];
} LhCliShardOptions;

/**
 * lh_cli_shard_options_add_entries:
 * Adds --shard I/N and --out FILE to @context's main group (after the
 * options already there).  Each command's --help description says what
 * its shards split.
 */
void lh_cli_shard_options_add_entries (LhCliShardOptions *options,
                                       GOptionContext    *context);

/**
 * lh_cli_shard_options_check:
 * @games_option: the option that gives the games split ("--games",
 *   "--games-per-eval"), for the message
 * @n_games: its value
 *
 * Parses --shard (lh_cli_shard_parse()) into @options->shard and sets
 * @options->active.
 *
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) when --shard is
 *   malformed, when N is more than @n_games (a shard would play no game:
 *   "--shard 1/8: 8 shards for 4 games (--games): at most one shard a game"),
 *   or when --out is given without --shard.
 */
gboolean lh_cli_shard_options_check (LhCliShardOptions *options,
                                     const char        *games_option,
                                     guint              n_games,
                                     GError           **error);

/** lh_cli_shard_options_clear: frees what @options owns. */
void lh_cli_shard_options_clear (LhCliShardOptions *options);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (LhCliShardOptions, lh_cli_shard_options_clear)

G_END_DECLS
