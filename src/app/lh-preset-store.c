/* lh-preset-store.c: built-in and user presets, the user's in GSettings
 * (see lh-preset-store.h). */
#include "lh-config.h"
#include "lh-preset-store.h"

#include <string.h>
#include <glib/gi18n.h>

#define USER_PRESETS_KEY "user-presets"
#define USER_KEY_PREFIX "user:"

/* One entry of the "user-presets" key: its text as stored, and the preset it
 * holds, or NULL when the text does not parse (a damaged entry, or one a
 * newer version wrote): such an entry is not offered but is written back
 * unchanged, in its place. */
typedef struct {
  char     *data;
  LhPreset *preset;
} Entry;

struct _LhPresetStore
{
  GObject    parent_instance;

  GSettings *settings;
  gulong     changed_id;

  GPtrArray *entries;     /* of Entry, in the key's order */
  GPtrArray *user;        /* (element-type Entry) (transfer none): the
                           * entries that parsed, in order: user preset i
                           * is preset n_builtin + i */
  guint      n_builtin;
};

G_DEFINE_FINAL_TYPE (LhPresetStore, lh_preset_store, G_TYPE_OBJECT)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  if (entry == NULL)
    return;
  g_free (entry->data);
  lh_preset_free (entry->preset);
  g_free (entry);
}

/* The compact JSON form of @preset, one entry of the key. */
static char *
preset_to_entry_data (const LhPreset *preset)
{
  g_autoptr(JsonNode) node = lh_preset_to_json (preset);

  return json_to_string (node, FALSE);
}

/* Lists the entries that are offered in self->user: those that parsed,
 * except an entry whose name an earlier entry or a built-in preset has
 * (written by hand, or by two instances at once): the first one wins, the
 * others are skipped like damaged ones, so names stay unique and keys stable.
 * @warn: warn about each entry skipped for its name. */
static void
rebuild_user_index (LhPresetStore *self, gboolean warn)
{
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  const LhPreset *builtin = lh_preset_get_builtin (NULL);

  for (guint i = 0; i < self->n_builtin; i++)
    g_hash_table_add (names, builtin[i].name);
  g_ptr_array_set_size (self->user, 0);
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);

      if (entry->preset == NULL)
        continue;
      if (!g_hash_table_add (names, entry->preset->name))
        {
          if (warn)
            g_warning ("Skipping user preset %u of the setting “%s”: the name “%s” is taken",
                       i + 1, USER_PRESETS_KEY, entry->preset->name);
          continue;
        }
      g_ptr_array_add (self->user, entry);
    }
}

/* The key's entries as this store holds them, NULL-terminated; the strings
 * are the entries' own. */
static const char **
entries_as_strv (LhPresetStore *self)
{
  const char **strv = g_new0 (const char *, self->entries->len + 1);

  for (guint i = 0; i < self->entries->len; i++)
    strv[i] = ((Entry *) g_ptr_array_index (self->entries, i))->data;
  return strv;
}

/* Replaces the entries by @strv's, parsing each; an entry that was parsed
 * before with the same text is kept as it was (so a damaged entry warns once
 * per store, not at every change). */
static void
load_entries (LhPresetStore *self, const char *const *strv)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func (entry_free);
  g_autoptr(GHashTable) old = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);
      g_hash_table_insert (old, entry->data, GUINT_TO_POINTER (i + 1));
    }

  for (guint i = 0; strv[i] != NULL; i++)
    {
      guint old_index = GPOINTER_TO_UINT (g_hash_table_lookup (old, strv[i]));
      Entry *entry;

      if (old_index != 0 && g_ptr_array_index (self->entries, old_index - 1) != NULL)
        {
          /* Take it over (each old entry once: equal texts may repeat). */
          entry = g_ptr_array_index (self->entries, old_index - 1);
          self->entries->pdata[old_index - 1] = NULL;
          g_hash_table_remove (old, strv[i]);
        }
      else
        {
          g_autoptr(GError) error = NULL;

          entry = g_new0 (Entry, 1);
          entry->data = g_strdup (strv[i]);
          entry->preset = lh_preset_load_data (strv[i], -1, &error);
          if (entry->preset == NULL)
            g_warning ("Skipping user preset %u of the setting “%s”: %s",
                       i + 1, USER_PRESETS_KEY, error->message);
          else
            g_clear_pointer (&entry->preset->id, g_free);
        }
      g_ptr_array_add (entries, entry);
    }

  g_ptr_array_set_size (self->user, 0);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  self->entries = g_steal_pointer (&entries);
  rebuild_user_index (self, TRUE);
}

static gboolean
entries_equal (LhPresetStore *self, const char *const *strv)
{
  g_autofree const char **mine = entries_as_strv (self);

  return g_strv_equal ((const char *const *) mine, strv);
}

static void
settings_changed_cb (GSettings     *settings,
                     const char    *key,
                     LhPresetStore *self)
{
  g_auto(GStrv) strv = g_settings_get_strv (settings, USER_PRESETS_KEY);

  /* Our own writes come back here already applied (and are blocked while
   * being written); only a change made elsewhere is news. */
  if (entries_equal (self, (const char *const *) strv))
    return;
  load_entries (self, (const char *const *) strv);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* Writes the entries to the key and announces the change.  On failure (the
 * key is not writable, e.g. locked down) reloads what the key holds. */
static gboolean
save (LhPresetStore *self, GError **error)
{
  g_autofree const char **strv = entries_as_strv (self);
  gboolean ok;

  g_signal_handler_block (self->settings, self->changed_id);
  ok = g_settings_set_strv (self->settings, USER_PRESETS_KEY, strv);
  g_signal_handler_unblock (self->settings, self->changed_id);

  if (!ok)
    {
      g_auto(GStrv) stored = g_settings_get_strv (self->settings, USER_PRESETS_KEY);

      load_entries (self, (const char *const *) stored);
      g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   _("Could not save the presets: the setting “%s” cannot be changed"),
                   USER_PRESETS_KEY);
      return FALSE;
    }
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

static void
lh_preset_store_dispose (GObject *object)
{
  LhPresetStore *self = LH_PRESET_STORE (object);

  if (self->settings != NULL && self->changed_id != 0)
    g_clear_signal_handler (&self->changed_id, self->settings);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (lh_preset_store_parent_class)->dispose (object);
}

static void
lh_preset_store_finalize (GObject *object)
{
  LhPresetStore *self = LH_PRESET_STORE (object);

  g_ptr_array_unref (self->user);
  g_ptr_array_unref (self->entries);
  G_OBJECT_CLASS (lh_preset_store_parent_class)->finalize (object);
}

static void
lh_preset_store_class_init (LhPresetStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = lh_preset_store_dispose;
  object_class->finalize = lh_preset_store_finalize;

  /**
   * LhPresetStore::changed:
   * Presets were added, renamed, replaced or removed, by this store or by
   * another one (another window or instance) through GSettings.  Indices
   * and the presets returned before are no longer valid.
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
lh_preset_store_init (LhPresetStore *self)
{
  self->entries = g_ptr_array_new_with_free_func (entry_free);
  self->user = g_ptr_array_new ();
  lh_preset_get_builtin (&self->n_builtin);
}

LhPresetStore *
lh_preset_store_new (GSettings *settings)
{
  LhPresetStore *self;
  g_auto(GStrv) strv = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (LH_TYPE_PRESET_STORE, NULL);
  self->settings = g_object_ref (settings);
  /* Connected before the first read: GSettings only reports changes of keys
   * read while a handler is connected. */
  self->changed_id = g_signal_connect (settings, "changed::" USER_PRESETS_KEY,
                                       G_CALLBACK (settings_changed_cb), self);
  strv = g_settings_get_strv (settings, USER_PRESETS_KEY);
  load_entries (self, (const char *const *) strv);
  return self;
}

guint
lh_preset_store_get_n_presets (LhPresetStore *self)
{
  g_return_val_if_fail (LH_IS_PRESET_STORE (self), 0);
  return self->n_builtin + self->user->len;
}

const LhPreset *
lh_preset_store_get_preset (LhPresetStore *self, guint index)
{
  g_return_val_if_fail (LH_IS_PRESET_STORE (self), NULL);
  g_return_val_if_fail (index < self->n_builtin + self->user->len, NULL);

  if (index < self->n_builtin)
    return &lh_preset_get_builtin (NULL)[index];
  return ((Entry *) g_ptr_array_index (self->user, index - self->n_builtin))->preset;
}

gboolean
lh_preset_store_is_builtin (LhPresetStore *self, guint index)
{
  g_return_val_if_fail (LH_IS_PRESET_STORE (self), FALSE);
  g_return_val_if_fail (index < self->n_builtin + self->user->len, FALSE);
  return index < self->n_builtin;
}

char *
lh_preset_store_get_key (LhPresetStore *self, guint index)
{
  const LhPreset *preset = lh_preset_store_get_preset (self, index);

  g_return_val_if_fail (preset != NULL, NULL);
  if (index < self->n_builtin)
    return g_strdup (preset->id);
  return g_strconcat (USER_KEY_PREFIX, preset->name, NULL);
}

int
lh_preset_store_find (LhPresetStore *self, const char *key)
{
  g_return_val_if_fail (LH_IS_PRESET_STORE (self), -1);
  g_return_val_if_fail (key != NULL, -1);

  if (g_str_has_prefix (key, USER_KEY_PREFIX))
    {
      const char *name = key + strlen (USER_KEY_PREFIX);

      for (guint i = 0; i < self->user->len; i++)
        if (g_strcmp0 (((Entry *) g_ptr_array_index (self->user, i))->preset->name, name) == 0)
          return (int) (self->n_builtin + i);
      return -1;
    }

  for (guint i = 0; i < self->n_builtin; i++)
    if (g_strcmp0 (lh_preset_get_builtin (NULL)[i].id, key) == 0)
      return (int) i;
  return -1;
}

/* The index of the preset (built in or user) named @name, other than
 * @except (G_MAXUINT for none), or -1. */
static int
find_name (LhPresetStore *self, const char *name, guint except)
{
  guint n = lh_preset_store_get_n_presets (self);

  for (guint i = 0; i < n; i++)
    if (i != except && g_strcmp0 (lh_preset_store_get_preset (self, i)->name, name) == 0)
      return (int) i;
  return -1;
}

/* Checks @name as a user preset's name: valid (lh_preset_check_name()) and
 * taken by no preset but @except.  Returns it without surrounding white
 * space, or NULL with @error. */
static char *
check_new_name (LhPresetStore *self, const char *name, guint except, GError **error)
{
  g_autofree char *stripped = NULL;

  if (name == NULL)
    {
      g_set_error_literal (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                           _("A preset needs a name"));
      return NULL;
    }
  if (!lh_preset_check_name (name, error))
    {
      /* Translators: followed by the reason ("the preset's name is empty") */
      g_prefix_error (error, _("This name cannot be used: "));
      return NULL;
    }
  stripped = g_strstrip (g_strdup (name));
  if (find_name (self, stripped, except) >= 0)
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                   _("A preset named “%s” already exists: choose another name"),
                   stripped);
      return NULL;
    }
  return g_steal_pointer (&stripped);
}

/* The index in self->entries of user preset @index. */
static guint
entry_position (LhPresetStore *self, guint index)
{
  Entry *entry = g_ptr_array_index (self->user, index - self->n_builtin);
  guint position = 0;

  g_ptr_array_find (self->entries, entry, &position);
  return position;
}

/* The store's index of @entry, or -1. */
static int
entry_index (LhPresetStore *self, Entry *entry)
{
  guint position;

  if (!g_ptr_array_find (self->user, entry, &position))
    return -1;
  return (int) (self->n_builtin + position);
}

int
lh_preset_store_add (LhPresetStore *self, const LhPreset *preset, GError **error)
{
  g_autofree char *name = NULL;
  g_autoptr(GError) invalid = NULL;
  Entry *entry;

  g_return_val_if_fail (LH_IS_PRESET_STORE (self), -1);
  g_return_val_if_fail (preset != NULL, -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  name = check_new_name (self, preset->name, G_MAXUINT, error);
  if (name == NULL)
    return -1;
  if (!lh_heuristic_params_validate (&preset->heuristic, &invalid))
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                   _("The preset “%s” cannot be saved: %s"), name, invalid->message);
      return -1;
    }

  entry = g_new0 (Entry, 1);
  entry->preset = lh_preset_copy (preset);
  g_clear_pointer (&entry->preset->id, g_free);
  g_free (entry->preset->name);
  entry->preset->name = g_steal_pointer (&name);
  entry->data = preset_to_entry_data (entry->preset);
  g_ptr_array_add (self->entries, entry);
  rebuild_user_index (self, FALSE);
  if (!save (self, error))
    return -1;
  return entry_index (self, entry);
}

gboolean
lh_preset_store_rename (LhPresetStore  *self,
                        guint           index,
                        const char     *name,
                        GError        **error)
{
  g_autofree char *new_name = NULL;
  Entry *entry;

  g_return_val_if_fail (LH_IS_PRESET_STORE (self), FALSE);
  g_return_val_if_fail (index < lh_preset_store_get_n_presets (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (index < self->n_builtin)
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                   _("“%s” is a built-in preset and cannot be renamed: save a copy under a new name instead"),
                   lh_preset_get_builtin (NULL)[index].name);
      return FALSE;
    }
  new_name = check_new_name (self, name, index, error);
  if (new_name == NULL)
    return FALSE;

  entry = self->entries->pdata[entry_position (self, index)];
  if (g_strcmp0 (entry->preset->name, new_name) == 0)
    return TRUE;
  g_free (entry->preset->name);
  entry->preset->name = g_steal_pointer (&new_name);
  g_free (entry->data);
  entry->data = preset_to_entry_data (entry->preset);
  return save (self, error);
}

gboolean
lh_preset_store_replace (LhPresetStore           *self,
                         guint                    index,
                         const LhHeuristicParams *heuristic,
                         GError                 **error)
{
  g_autoptr(GError) invalid = NULL;
  Entry *entry;

  g_return_val_if_fail (LH_IS_PRESET_STORE (self), FALSE);
  g_return_val_if_fail (index < lh_preset_store_get_n_presets (self), FALSE);
  g_return_val_if_fail (heuristic != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (index < self->n_builtin)
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                   _("“%s” is a built-in preset and cannot be changed: save the values as a new preset instead"),
                   lh_preset_get_builtin (NULL)[index].name);
      return FALSE;
    }
  entry = self->entries->pdata[entry_position (self, index)];
  if (!lh_heuristic_params_validate (heuristic, &invalid))
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                   _("The preset “%s” cannot be saved: %s"),
                   entry->preset->name, invalid->message);
      return FALSE;
    }
  if (memcmp (&entry->preset->heuristic, heuristic, sizeof *heuristic) == 0)
    return TRUE;
  entry->preset->heuristic = *heuristic;
  g_free (entry->data);
  entry->data = preset_to_entry_data (entry->preset);
  return save (self, error);
}

gboolean
lh_preset_store_remove (LhPresetStore *self, guint index, GError **error)
{
  g_return_val_if_fail (LH_IS_PRESET_STORE (self), FALSE);
  g_return_val_if_fail (index < lh_preset_store_get_n_presets (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (index < self->n_builtin)
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                   _("“%s” is a built-in preset and cannot be deleted"),
                   lh_preset_get_builtin (NULL)[index].name);
      return FALSE;
    }
  g_ptr_array_remove_index (self->entries, entry_position (self, index));
  rebuild_user_index (self, FALSE);
  return save (self, error);
}

char *
lh_preset_store_unique_name (LhPresetStore *self, const char *base)
{
  g_autofree char *stripped = NULL;

  g_return_val_if_fail (LH_IS_PRESET_STORE (self), NULL);
  g_return_val_if_fail (base != NULL, NULL);

  stripped = g_strstrip (g_strdup (base));
  if (!g_utf8_validate (stripped, -1, NULL) || *stripped == '\0')
    {
      g_free (stripped);
      /* Translators: the name of a preset saved or imported without one */
      stripped = g_strdup (_("Preset"));
    }
  if (g_utf8_strlen (stripped, -1) > LH_PRESET_MAX_NAME)
    {
      char *shorter = g_utf8_substring (stripped, 0, LH_PRESET_MAX_NAME);
      g_free (stripped);
      stripped = g_strstrip (shorter);
    }
  if (find_name (self, stripped, G_MAXUINT) < 0)
    return g_steal_pointer (&stripped);

  for (guint n = 2; ; n++)
    {
      g_autofree char *suffix = g_strdup_printf (" %u", n);
      glong room = LH_PRESET_MAX_NAME - g_utf8_strlen (suffix, -1);
      g_autofree char *head = g_utf8_substring (stripped, 0, MIN (room, g_utf8_strlen (stripped, -1)));
      g_autofree char *candidate = g_strconcat (g_strchomp (head), suffix, NULL);

      if (find_name (self, candidate, G_MAXUINT) < 0)
        return g_steal_pointer (&candidate);
    }
}
