# package.mk - what the Makefile does for distributions: the man page and
# bash completion generated from the built binary, install / uninstall,
# and the Debian package (make deb, make lintian).

MAN        := $(BUILD)/man/stresskit.1
# The stressor API's page, for the -dev package.
MAN3       := $(BUILD)/man/stresskit-stressor.3
COMPLETION := $(BUILD)/completion/stresskit
EXAMPLES   := $(wildcard example-jobs/*.job example-jobs/*.md)
# stress-ng's reported stressors, a job each, in a folder of their own
EXAMPLES_NG := $(wildcard example-jobs/stress-ng/*.job)
# The manual's chapters (README.md's table), installed as docs/ beside the
# packages' README.md, so its links and the man page's docs/NAME.md hold.
MANUAL     := $(wildcard docs/*.md)

BINDIR     = $(PREFIX)/bin
MAN1DIR    = $(PREFIX)/share/man/man1
MAN3DIR    = $(PREFIX)/share/man/man3
COMPDIR    = $(PREFIX)/share/bash-completion/completions
EXAMPLEDIR = $(PREFIX)/share/doc/stresskit/examples
MANUALDIR  = $(PREFIX)/share/doc/stresskit/docs
# The plugin API: headers, stresskit.pc, and where plugins are looked for
# (built into the binary as STRESSKIT_PLUGIN_PATH's default).
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR  = $(LIBDIR)/pkgconfig
PLUGINDIR     = $(LIBDIR)/stresskit/plugins
# stress-ng -> stresskit, off PATH (under lib/, not the multiarch LIBDIR:
# a link to the binary is the same on every architecture): PATH=$(COMPATDIR):$$PATH runs an existing
# stress-ng job (LKP's) unchanged, with stress-ng's prefix on every line.
COMPATDIR     = $(PREFIX)/lib/stresskit/compat
API_HEADERS  := $(wildcard include/stresskit/*.h)
PC           := $(BUILD)/stresskit.pc
PLUGIN_EXAMPLE := $(wildcard examples/plugin/*)
PLUGIN_EXAMPLEDIR = $(PREFIX)/share/doc/stresskit/examples/plugin

.PHONY: deb lintian

all: $(MAN) $(MAN3) $(COMPLETION)

# Written at install time, for the PREFIX and LIBDIR of that install; the
# version is the header's, so the .pc and the API never disagree. Renamed
# into place whole: installs that share a build directory (the plugin
# tests, side by side) never copy one another's half-written file.
.PHONY: $(PC)
$(PC): mk/stresskit.pc.in include/stresskit/version.h
	@mkdir -p $(dir $@)
	@sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	    -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@PLUGINDIR@|$(PLUGINDIR)|' \
	    -e "s|@VERSION@|$$(sed -n 's/^#define STRESSKIT_VERSION "\(.*\)"/\1/p' include/stresskit/version.h)|" \
	    $< > $@.$$$$ && mv -f $@.$$$$ $@
integration-test: $(MAN) $(MAN3) $(COMPLETION)

# The version is the header's, the date as gen-man.sh takes it.
$(MAN3): man/stresskit-stressor.3.in include/stresskit/version.h
	@mkdir -p $(dir $@)
	sed -e "s/@VERSION@/$$(sed -n 's/^#define STRESSKIT_VERSION "\(.*\)"/\1/p' include/stresskit/version.h)/g" \
	    -e "s/@DATE@/$$(date -u -d "@$${SOURCE_DATE_EPOCH:-$$(stat -c %Y $<)}" +%Y-%m-%d)/g" $< >$@

# Both come from the binary's --help: the options they list are the ones it
# parses. (A cross build would need the host's binary here.)
$(MAN): $(BUILD)/stresskit man/stresskit.1.in man/gen-man.sh man/help-options.awk
	@mkdir -p $(dir $@)
	man/gen-man.sh $(BUILD)/stresskit man/stresskit.1.in $@

$(COMPLETION): $(BUILD)/stresskit completion/gen-completion.sh man/help-options.awk
	@mkdir -p $(dir $@)
	completion/gen-completion.sh $(BUILD)/stresskit $@

# The integration tests that stage a make install (tests/integration/
# test_plugin.sh) run side by side: what it generates is made once before
# them, not by several makes racing on one file.
integration-test: $(MAN) $(MAN3) $(COMPLETION) $(PC)

install: $(BUILD)/stresskit $(MAN) $(MAN3) $(COMPLETION) $(PC)
	install -D -m 0755 $(BUILD)/stresskit $(DESTDIR)$(BINDIR)/stresskit
	install -d $(DESTDIR)$(COMPATDIR)
	ln -sfr $(DESTDIR)$(BINDIR)/stresskit $(DESTDIR)$(COMPATDIR)/stress-ng
	install -D -m 0644 $(MAN) $(DESTDIR)$(MAN1DIR)/stresskit.1
	install -D -m 0644 $(MAN3) $(DESTDIR)$(MAN3DIR)/stresskit-stressor.3
	install -D -m 0644 $(COMPLETION) $(DESTDIR)$(COMPDIR)/stresskit
	$(if $(EXAMPLES),install -d $(DESTDIR)$(EXAMPLEDIR))
	$(if $(EXAMPLES),install -m 0644 $(EXAMPLES) $(DESTDIR)$(EXAMPLEDIR))
	$(if $(EXAMPLES_NG),install -d $(DESTDIR)$(EXAMPLEDIR)/stress-ng)
	$(if $(EXAMPLES_NG),install -m 0644 $(EXAMPLES_NG) $(DESTDIR)$(EXAMPLEDIR)/stress-ng)
	install -d $(DESTDIR)$(MANUALDIR)
	install -m 0644 $(MANUAL) $(DESTDIR)$(MANUALDIR)
	install -d $(DESTDIR)$(INCLUDEDIR)/stresskit
	install -m 0644 $(API_HEADERS) $(DESTDIR)$(INCLUDEDIR)/stresskit
	install -D -m 0644 $(PC) $(DESTDIR)$(PKGCONFIGDIR)/stresskit.pc
	$(if $(PLUGIN_EXAMPLE),install -d $(DESTDIR)$(PLUGIN_EXAMPLEDIR))
	$(if $(PLUGIN_EXAMPLE),install -m 0644 $(PLUGIN_EXAMPLE) $(DESTDIR)$(PLUGIN_EXAMPLEDIR))

# Shared directories (bin, man1, completions) stay; stresskit's own go.
uninstall:
	rm -f $(DESTDIR)$(COMPATDIR)/stress-ng
	rmdir $(DESTDIR)$(COMPATDIR) $(DESTDIR)$(LIBDIR)/stresskit 2>/dev/null || true
	rm -f $(DESTDIR)$(BINDIR)/stresskit $(DESTDIR)$(MAN1DIR)/stresskit.1 \
		$(DESTDIR)$(MAN3DIR)/stresskit-stressor.3 \
		$(DESTDIR)$(COMPDIR)/stresskit
	rm -rf $(DESTDIR)$(EXAMPLEDIR) $(DESTDIR)$(MANUALDIR) $(DESTDIR)$(INCLUDEDIR)/stresskit
	rm -f $(DESTDIR)$(PKGCONFIGDIR)/stresskit.pc
	rmdir $(DESTDIR)$(PREFIX)/share/doc/stresskit 2>/dev/null || true

# The package is built from a copy of the tree under $(BUILD)/deb, so
# dpkg-buildpackage's files (debian/stresskit, the .deb one level up)
# never land in the working tree. In a git checkout the copy is what git
# would commit (tracked and new files, not ignored build trees such as
# build-san/). The source package (.dsc) is made from the same copy for
# lintian's source checks. dpkg-buildpackage runs debian/rules as a make of
# its own: it gets none of this one's MAKEFLAGS (its command-line
# variables, such as BUILD, and a jobserver it could not use anyway);
# --jobs-try=auto lets dh build with a job per CPU (DEB_BUILD_OPTIONS
# parallel=N), as a plain make does.
DEB_DIR := $(BUILD)/deb

deb:
	rm -rf $(DEB_DIR)
	mkdir -p $(DEB_DIR)/src
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then \
		git ls-files -z -co --exclude-standard | tar -c --null -T - --ignore-failed-read; \
	else \
		tar -c --exclude=./$(BUILD) .; \
	fi | tar -x -C $(DEB_DIR)/src
	cd $(DEB_DIR) && dpkg-source -b src
	cd $(DEB_DIR)/src && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL dpkg-buildpackage -us -uc -b --jobs-try=auto
	@ls $(DEB_DIR)/*.deb

lintian: deb
	lintian --fail-on error,warning --display-info $(DEB_DIR)/*.dsc $(DEB_DIR)/*.changes
