#ifndef MATTERTYPE_CFREETYPE_SHIM_H
#define MATTERTYPE_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H
#include FT_TRUETYPE_IDS_H
#include FT_FONT_FORMATS_H
#include FT_MULTIPLE_MASTERS_H
#include FT_OUTLINE_H
#include FT_COLOR_H
#include FT_CID_H

/// FreeType's message for an error code. FT_Error_String returns NULL unless FreeType was built with
/// FT_CONFIG_OPTION_ERROR_STRINGS (Debian's is not), so the table in FT_ERRORS_H is expanded here instead.
static inline const char *mattertype_ft_error_string(FT_Error error) {
#undef FTERRORS_H_
#define FT_ERROR_START_LIST switch (error) {
#define FT_ERRORDEF(e, v, s) case v: return s;
#define FT_ERROR_END_LIST }
#include FT_ERRORS_H
    return "unknown FreeType error";
}

/// FT_LOAD_TARGET_LIGHT is a function-like macro, invisible to Swift.
static inline FT_Int32 mattertype_ft_load_target_light(void) { return FT_LOAD_TARGET_LIGHT; }

/// FT_LOAD_TARGET_NORMAL is a function-like macro, invisible to Swift.
static inline FT_Int32 mattertype_ft_load_target_normal(void) { return FT_LOAD_TARGET_NORMAL; }

#endif
