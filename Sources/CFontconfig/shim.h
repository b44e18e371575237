#ifndef MATTERTYPE_CFONTCONFIG_SHIM_H
#define MATTERTYPE_CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>

#endif
