/* lh-window-private.h: what the files of LhWindow share (lh-window.c: the
 * shell, its columns and bindings; lh-window-dialogs.c: the message dialogs
 * and the end of a game; lh-window-actions.c: the actions and the keys;
 * lh-window-evaluation.c: the evaluator, the breakdown and the heat map).
 * Not for other units: they use lh-window.h. */
#pragma once

#include "lh-window.h"
#include "lh-analysis.h"
#include "lh-breakdown-view.h"
#include "lh-evaluator-choice.h"
#include "lh-heuristic-panel.h"
#include "lh-line-strip.h"
#include "lh-move-chart.h"
#include "lh-review.h"
#include "lh-review-panel.h"
#include "lh-train-dialog.h"
#include "lh-tutor.h"

G_BEGIN_DECLS

struct _LhWindow
{
  AdwApplicationWindow parent_instance;

  /* Template children */
  AdwToastOverlay *toast_overlay;
  AdwHeaderBar    *header_bar;
  AdwLeaflet      *leaflet;
  GtkWidget       *board_page;
  LhBoardView     *board_view;
  GtkRevealer     *review_bar;      /* a position of the reviewed game is shown */
  GtkLabel        *review_bar_label;
  GtkRevealer     *tutor_bar;       /* the tutor's verdict */
  GtkLabel        *tutor_bar_label;
  GtkWidget       *autoplay_button;
  GtkLabel        *autoplay_note;
  LhMoveChart     *move_chart;
  GtkProgressBar  *exact_progress;  /* while the exact solution is solved */
  LhLineStrip     *line_strip;      /* the expected line of the hovered move */
  GtkLabel        *status_label;
  GtkWidget       *tree_separator;
  LhInspectorPane *inspector_pane;
  GtkWidget       *tree_stack;      /* the inspector, or how to play at the first start */
  GtkWidget       *sidebar_separator;
  GtkWidget       *sidebar;
  AdwViewStack    *ai_stack;
  LhAiPanel       *ai_panel;
  LhHeuristicPanel *heuristic_panel;
  LhReviewPanel   *review_panel;
  GtkWidget       *page_bar;
  GtkToggleButton *board_page_button;
  GtkToggleButton *tree_page_button;
  GtkToggleButton *settings_page_button;
  GtkLabel        *score_label;
  GtkLabel        *best_label;
  GtkMenuButton   *primary_menu_button;

  /* lh-window-evaluation.c: the evaluator and what shows it */
  LhEvaluatorChoice *evaluator_choice;
  LhOwnedEvaluator    *evaluation;        /* of the game's board size, for the views */
  LhBreakdownView *breakdown_view;    /* in the heuristic panel */
  GtkWidget       *breakdown_group;
  GtkWidget       *heat_map_row;
  GtkSwitch       *heat_map_switch;
  guint            evaluation_source; /* a 5-a-side rebuild after the weights rest */

  GSettings       *settings;
  LhGameModel     *model;
  LhGameStore     *store;
  LhAnalysis      *analysis;
  LhReview        *review;          /* the review of a game, beside the analysis */
  int              try_again_index; /* the reviewed move tried again, or -1 */
  LhGameModel     *browse_model;    /* read-only: the reviewed position on the board */
  int              browse_index;    /* the reviewed move it is before, or -1 */
  LhTutor         *tutor;           /* judges the person's moves */
  AdwToast        *review_toast;    /* (weak) the last toast of Try Again */

  GtkWindow       *dialog;          /* the one message dialog shown, or NULL */
  GtkWindow       *details_dialog;  /* details of the restore problem, or NULL */
  LhTrainDialog   *train_dialog;    /* the Train… dialog while it is open (weak) */
  LhGeometry       pending_geometry;  /* of the new game awaiting confirmation */
  gboolean         announce_over_on_map;
  gboolean         close_confirmed;  /* close without (another) save */
  gboolean         keyboard_focus;   /* the focus was last moved by the keyboard (Tab) */
  guint            folded_source;    /* applies a fold of the leaflet after its layout */
  guint            line_source;      /* updates the expected line after a hover changed */
};

/* lh-window.c */
void lh_window_show_toast (LhWindow *self, const char *text);
GSimpleAction *lh_window_lookup_action (LhWindow *self, const char *name);
LhGeometry lh_window_settings_geometry (LhWindow *self);

void lh_window_update_values (LhWindow *self);
void lh_window_update_actions (LhWindow *self);
void lh_window_show_position (LhWindow *self);
LhGameModel *lh_window_get_shown_model (LhWindow *self);

/* lh-window-exact.c */
void lh_window_exact_init (LhWindow *self);
void lh_window_exact_dispose (LhWindow *self);
void lh_window_exact_show (LhWindow *self, LhSearchRecord *record);

/* lh-window-evaluation.c */
void lh_window_evaluation_init (LhWindow *self);
void lh_window_evaluation_dispose (LhWindow *self);
void lh_window_update_breakdown (LhWindow *self);
void lh_window_use_network (LhWindow *self, const char *path);

/* lh-window-dialogs.c */
void lh_window_request_new_game (LhWindow *self, LhGeometry geometry);
void lh_window_start_new_game (LhWindow *self, LhGeometry geometry);
void lh_window_announce_over (LhWindow *self);
void lh_window_check_end (LhWindow *self);
void lh_window_show_restore_details (LhWindow *self);
gboolean lh_window_close_or_ask (LhWindow *self);

/* lh-window-actions.c */
void lh_window_actions_init (LhWindow *self);

/* lh-window-review.c: Review Game, Open Game…, Export Game…, Try Again */
void lh_window_review_init (LhWindow *self);
void lh_window_review_game (LhWindow *self);

/* lh-window-browse.c: the reviewed game's positions on the board, the tutor's bar */
void lh_window_browse_init (LhWindow *self);
void lh_window_browse_dispose (LhWindow *self);
gboolean lh_window_browse_key (LhWindow *self, guint keyval);
gboolean lh_window_browse_refuse_move (LhWindow *self);

G_END_DECLS
