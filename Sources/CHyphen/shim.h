#ifndef MATTERTYPE_CHYPHEN_SHIM_H
#define MATTERTYPE_CHYPHEN_SHIM_H

// libhyphen (Debian's libhyphen-dev, no pkg-config file): the hyphenation library LibreOffice uses, reading the
// pattern dictionaries Debian ships in /usr/share/hyphen (hyphen-en-us, hyphen-de, hyphen-fr, …).
#include <hyphen.h>

#endif
