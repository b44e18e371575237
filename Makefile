# MatterType quick start: `make demo` and `make test`. Both first install the system libraries MatterType
# builds against (Debian packages) when pkg-config cannot find them; `make test` also installs the fonts the
# tests lay out (Hebrew, Arabic, CJK, color emoji, DejaVu) when they are missing, the readers the vector tests
# check SVG and PDF with (librsvg2-bin's rsvg-convert, poppler-utils' pdftoppm, pdftotext, pdffonts), and what the server package's
# tests need (SQLite's headers for GRDB, PostgreSQL for the replica tests' throwaway cluster, Python 3 to start it,
# Node.js to run Docs/Server.md's URL signing in JavaScript),
# and the browser the playground's test drives (Chromium, chromium-driver, Python's selenium).

APT_PACKAGES := libfreetype-dev libharfbuzz-dev libfontconfig-dev libicu-dev libpng-dev libwebp-dev libdeflate-dev \
                libjpeg62-turbo-dev libhyphen-dev pkg-config
PKG_CONFIG_MODULES := freetype2 harfbuzz fontconfig icu-uc libpng libwebp libdeflate libjpeg
# libhyphen has no pkg-config file: its header says whether it is installed.
HEADERS := /usr/include/hyphen.h
# The fonts the tests lay out (and the Figma documents compared with Figma's boxes use: Inter, Roboto, Lato, Open
# Sans, JetBrains Mono, League Spartan, Arimo from croscore), and the hyphenation dictionaries they hyphenate with.
# What `make demo` needs besides the bundled Noto Sans: the vertical card's Japanese faces.
DEMO_FONT_PACKAGES := fontconfig fonts-noto-cjk
TEST_FONT_PACKAGES := fontconfig fonts-dejavu-core fonts-dejavu-extra fonts-noto-core fonts-noto-extra fonts-noto-cjk \
                      fonts-noto-color-emoji fonts-inter-variable fonts-inter fonts-roboto-unhinted fonts-croscore \
                      fonts-liberation2 fonts-lato fonts-open-sans fonts-jetbrains-mono fonts-league-spartan \
                      fonts-cantarell hyphen-en-us hyphen-de hyphen-fr poppler-utils librsvg2-bin
SERVER_APT_PACKAGES := libsqlite3-dev postgresql python3 nodejs
# What the playground's browser test drives the page with (Scripts/playground-browser-test.py).
BROWSER_APT_PACKAGES := chromium chromium-driver python3-selenium
# Whether package $$p is installed (not merely known: a removed package keeps its configuration, and dpkg -s
# answers 0 for it).
INSTALLED = dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed"
# Installs those of the Debian packages $(1) that are not installed, saying what they are ($(2)).
install-missing = missing=""; for p in $(1); do $(INSTALLED) || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing missing $(2):$$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
SWIFT ?= swift
MATTERTYPE := .build/debug/mattertype

.PHONY: all deps server-deps browser-deps test-fonts build test demo serve clean

all: build

## deps: install the Debian packages MatterType needs, if pkg-config cannot find them.
deps:
	@if ! pkg-config --exists $(PKG_CONFIG_MODULES) 2>/dev/null || ! ls $(HEADERS) >/dev/null 2>&1; then \
		echo "Installing missing system packages: $(APT_PACKAGES)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(APT_PACKAGES); \
	fi

## build: build the library and the `mattertype` CLI (debug).
build: deps
	$(SWIFT) build

## test-fonts: install the Debian font and hyphenation dictionary packages and SVG/PDF readers the tests use, if any is missing.
test-fonts:
	@$(call install-missing,$(TEST_FONT_PACKAGES),font packages)

## server-deps: install what the server package builds and tests with, if missing.
server-deps: deps
	@$(call install-missing,$(SERVER_APT_PACKAGES),packages for the server)

## browser-deps: install the browser the playground's test drives (Chromium, its driver, Python's selenium), if missing.
browser-deps:
	@$(call install-missing,$(BROWSER_APT_PACKAGES),packages for the browser test)

## test: run the whole test suite (after building the CLI, which the CLI tests run), then the server package's, then
## the playground in a real browser. What only the tests need (fonts, the SVG and PDF readers, the browser) is
## installed while the packages build (the downloads take the network, the builds the cores), and the server
## package builds while the main suite runs (its tests are mostly waiting on each other then), which keeps the
## whole under 15 minutes on 2 cores; their logs are printed after.
test: deps server-deps
	mkdir -p .build Server/.build
	rm -f .build/test-fonts.status .build/browser-deps.status Server/.build/build-tests.status
	($(MAKE) --no-print-directory test-fonts > .build/test-fonts.log 2>&1; echo $$? > .build/test-fonts.status; \
	  $(MAKE) --no-print-directory browser-deps > .build/browser-deps.log 2>&1; \
	  echo $$? > .build/browser-deps.status) &
	$(SWIFT) build
	(cd Server && $(SWIFT) build --build-tests > .build/build-tests.log 2>&1; echo $$? > .build/build-tests.status) &
	$(SWIFT) build --build-tests
	while [ ! -f .build/test-fonts.status ]; do sleep 1; done; cat .build/test-fonts.log; \
	  test "$$(cat .build/test-fonts.status)" = 0
	$(SWIFT) test --skip-build; status=$$?; \
	  while [ ! -f Server/.build/build-tests.status ]; do sleep 1; done; cat Server/.build/build-tests.log; \
	  test $$status -eq 0 && test "$$(cat Server/.build/build-tests.status)" = 0
	cd Server && $(SWIFT) test --skip-build
	/usr/bin/python3 Scripts/test-fetch-figma.py --mattertype .build/debug/mattertype
	while [ ! -f .build/browser-deps.status ]; do sleep 1; done; cat .build/browser-deps.log; \
	  test "$$(cat .build/browser-deps.status)" = 0
	/usr/bin/python3 Scripts/playground-browser-test.py --server Server/.build/debug/mattertype-server

## serve: start mattertype-server on 127.0.0.1:8080 with the embedded SQLite store (./mattertype-fonts.sqlite).
serve: server-deps
	cd Server && $(SWIFT) build -c release --product mattertype-server
	Server/.build/release/mattertype-server --host 127.0.0.1 --port 8080 --store sqlite:./mattertype-fonts.sqlite

## demo: render a sample with the bundled Noto Sans into demo.png, Examples/card.json into card.png,
## Examples/flow-card.json (frames) with a short and a long title into flow-short.png and flow-long.png, and the
## Figma frame of Examples/figma-card.json into figma-card.png, and Examples/figma-modes.json's Button in each mode of
## Examples/figma-variables.json and each variant into figma-modes.png; audits Examples/card.json with the rows of
## Examples/audit-rows.csv (eight languages) into audit.html; and Examples/vertical-card.json (Japanese in columns, with
## ruby) into vertical-card.png, after installing Debian's Noto CJK fonts if they are missing.
demo: build
	@$(call install-missing,$(DEMO_FONT_PACKAGES),fonts for the vertical card)
	@$(MATTERTYPE) demo -o demo.png
	@$(MATTERTYPE) card Examples/card.json --values Examples/card-values.json -o card.png
	@$(MATTERTYPE) card Examples/flow-card.json --values Examples/flow-card-values.json -o flow-short.png
	@$(MATTERTYPE) card Examples/flow-card.json --values Examples/flow-card-values.json \
		--set title="A longer title pushes the description and the byline down" -o flow-long.png
	@$(MATTERTYPE) figma Examples/figma-card.json --values Examples/figma-card-values.json --no-system-fonts \
		-o figma-card.png
	@$(MATTERTYPE) figma Examples/figma-modes.json --variables Examples/figma-variables.json --no-system-fonts \
		--scale 2 -o figma-modes.png
	@$(MATTERTYPE) audit Examples/card.json --values Examples/audit-rows.csv --html audit.html || [ $$? -eq 1 ]
	@$(MATTERTYPE) card Examples/vertical-card.json -o vertical-card.png
	@echo "Open demo.png, card.png, flow-short.png beside flow-long.png (the same template reflowed), figma-card.png (a Figma frame), figma-modes.png (one component in every mode and variant), audit.html (every row checked) and vertical-card.png (columns and ruby). How typographies resolve:"
	@$(MATTERTYPE) resolve --no-system-fonts --family "Noto Sans" --weight semibold --italic
	@$(MATTERTYPE) resolve --no-system-fonts --family "Brand Sans" --weight medium

clean:
	rm -rf .build Server/.build
