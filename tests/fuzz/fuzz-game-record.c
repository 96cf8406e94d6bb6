/* fuzz-game-record.c: the game record's reader (lh_game_record_from_data(),
 * src/solvers/lh-game-record.c): what Open Game… and `lookahead-cli review`
 * read.
 * Oracles: the error message is valid UTF-8; a record that loads replays
 * consistently (every position follows from the one before by its step,
 * the scores add up, each move is the wide board's own for the original
 * rules and the 64-bit board's for the capped ones); written (lh_game_record_to_data()) and read again,
 * it writes the same text. */
#include <string.h>

#include "fuzz-common.h"
#include "lh-game-record.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  lh_fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LhGameRecord) record = NULL;
  g_autoptr(LhGameRecord) again = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  LhGeometry geometry;
  LhRules rules;
  guint n;

  if (size > 1 << 20)
    return 0;
  record = lh_game_record_from_data ((const char *) data, (gssize) size, "fuzz.json", &error);
  if (record == NULL)
    {
      lh_fuzz_check_error (error);
      return 0;
    }

  geometry = lh_game_record_get_geometry (record);
  rules = lh_game_record_get_rules (record);
  n = lh_game_record_get_n_moves (record);
  for (guint i = 0; i < n; i++)
    {
      const LhGameStep *step = lh_game_record_get_step (record, i);
      LhMove move = (LhMove) step->move;
      guint64 points = 0, wide_points = 0;
      LhWideBoard after = lh_rules_move (rules, step->before, geometry, move, &points);
      LhBoard narrow;

      lh_fuzz_assert (step->before == lh_game_record_get_wide_board (record, i));
      lh_fuzz_assert (lh_game_step_after (step, geometry, rules)
                      == lh_game_record_get_wide_board (record, i + 1));
      lh_fuzz_assert (after != step->before);
      lh_fuzz_assert (points == step->points);
      lh_fuzz_assert (lh_game_record_get_score (record, i) + points
                      == lh_game_record_get_score (record, i + 1));
      /* The move by the rules against the board that is the rule: the
       * wide board's own move for the original rules (lh_rules_move()
       * takes the 64-bit tables where they agree), the 64-bit move for the
       * capped ones. */
      if (rules == LH_RULES_2048)
        lh_fuzz_assert (lh_wide_board_move (step->before, geometry, move, &wide_points) == after
                        && wide_points == points);
      else
        {
          guint32 narrow_points = 0;

          lh_fuzz_assert (lh_wide_board_to_board (step->before, geometry, &narrow));
          lh_fuzz_assert (lh_wide_board_from_board (lh_board_move (narrow, geometry, move,
                                                                   &narrow_points), geometry)
                          == after && narrow_points == points);
        }
    }
  lh_fuzz_assert (lh_game_record_fits_board (record)
                  == lh_wide_board_to_board (lh_game_record_get_wide_board (record, n), geometry,
                                             &(LhBoard) { 0 }));

  first = lh_game_record_to_data (record);
  lh_fuzz_check_utf8 ("the record", first);
  again = lh_game_record_from_data (first, -1, "again.json", &error);
  if (again == NULL)
    lh_fuzz_fail ("the record does not read again: %s\n%s", error->message, first);
  second = lh_game_record_to_data (again);
  if (strcmp (first, second) != 0)
    lh_fuzz_fail ("the record read again writes otherwise:\n%s\n---\n%s", first, second);
  return 0;
}
