/* lh-heuristic-panel-private.h: what lh-heuristic-panel.c (the rows, the
 * presets' chooser, the settings) and lh-heuristic-panel-menu.c (the menu's
 * actions and dialogs) share.  Not installed; for those two files only. */
#pragma once

#include <adwaita.h>

#include "lh-heuristic-panel.h"
#include "lh-preset-store.h"

G_BEGIN_DECLS

#define DEFAULT_PRESET "balanced"

struct _LhHeuristicPanel
{
  GtkWidget            parent_instance;

  /* Template children */
  GtkWidget           *scrolled_window;
  AdwPreferencesGroup *preset_group;
  AdwComboRow         *preset_row;
  GtkWidget           *top_box;
  GtkWidget           *extra_box;
  GtkWidget           *terms_box;

  const LhHeuristicParamInfo *infos;
  guint                n_params;
  GtkWidget          **rows;        /* n_params LhParamRows, in the registry's order */

  GSettings           *settings;
  LhPresetStore       *store;
  GtkStringList       *preset_names;
  char                *preset_key;  /* the chosen preset's */
  char                *renamed_key; /* during a rename: the preset's new key */
  gboolean             updating;    /* setting many values, or the chooser, from code */

  GtkWidget           *cell_terms_row; /* (weak): usable only with a per-cell term */
  gboolean             learned;     /* the learned evaluator: no preset, no slider */
  GtkNativeDialog     *chooser;     /* the import or export file chooser shown */
  GtkWidget           *name_entry;  /* of the name dialog shown */
};

/* The chosen preset (Balanced when its key is unknown) and its index in
 * the store (-1 when not found). */
const LhPreset *lh_heuristic_panel_chosen_preset (LhHeuristicPanel *self, int *index_out);

/* Tells the person @text: a toast in the window's overlay, else a dialog. */
void lh_heuristic_panel_show_message (LhHeuristicPanel *self, const char *text);

/* The menu's actions enabled as the chosen preset allows (Save, Rename and
 * Delete for user presets; Reset when the values were changed). */
void lh_heuristic_panel_update_state (LhHeuristicPanel *self);

/* Makes @key the chosen preset (kept in GSettings), without setting its
 * values; the chooser follows. */
void lh_heuristic_panel_set_preset_key (LhHeuristicPanel *self, const char *key);

/* The person chose preset @key in the chooser while the values differ from
 * the chosen preset's: asks to save them as a new preset, discard them or
 * stay (lh-heuristic-panel-menu.c). */
void lh_heuristic_panel_present_switch_dialog (LhHeuristicPanel *self, const char *key);

/* Installs the "heuristic.*" actions of the panel's menu on its class. */
void lh_heuristic_panel_install_menu_actions (GtkWidgetClass *widget_class);

G_END_DECLS
