# rpm.mk - the source tarball (make dist) and the RPM package (make rpm,
# make rpmlint) built from it with rpm/stresskit.spec.

# One version: the binary's (STRESSKIT_VERSION, include/stresskit/version.h).
# debian/changelog and the spec state it too; tests/integration/
# test_packaging.sh fails when they disagree.
VERSION   := $(shell sed -n 's/^\#define STRESSKIT_VERSION "\(.*\)"/\1/p' \
		include/stresskit/version.h)
DIST_NAME := stresskit-$(VERSION)
DIST_TAR  := $(BUILD)/$(DIST_NAME).tar.gz
# Every member's mtime: the date of the newest debian/changelog entry, so
# a release's tarball does not depend on when or where it was made.
DIST_EPOCH = $(shell date -d "$$(sed -n 's/^ -- .*>  //p' debian/changelog | head -n 1)" +%s)

RPM_SPEC  := rpm/stresskit.spec
RPM_DIR   := $(BUILD)/rpm
# Fedora's documentation layout (/usr/share/doc/NAME, not NAME-VERSION)
# wherever the RPM is built.
RPM_HOST_FLAGS := --define '_docdir_fmt %%{NAME}'
# On Debian: the rpm database knows none of the spec's BuildRequires
# (Fedora's names; dpkg installs the Debian ones, setup.sh --rpm), so they
# are not checked; and rpm's brp-compress needs bash, which /bin/sh is not,
# to gzip the man page.
ifneq ($(wildcard /etc/debian_version),)
RPM_HOST_FLAGS += --nodeps \
	--define '__brp_compress bash %{_rpmconfigdir}/brp-compress %{?_prefix}'
endif
# More rpmbuild options, e.g. --nocheck.
RPMBUILD_FLAGS ?=

.PHONY: dist rpm rpmlint print-version FORCE

print-version:
	@echo $(VERSION)

dist: $(DIST_TAR)

# Made afresh each time, replaced only when its bytes change (mk/dist.sh).
$(DIST_TAR): FORCE
	@mkdir -p $(dir $@)
	mk/dist.sh $(DIST_NAME) $(DIST_EPOCH) $@

# Rebuilt only when the tarball changed: rpmbuild compiles and runs the
# unit tests again. The source and binary packages land in
# $(RPM_DIR)/SRPMS and $(RPM_DIR)/RPMS/ARCH. rpmbuild starts from an
# empty environment, as on a builder: neither this make's variables (its
# command line, MAKEFLAGS) nor an exported CFLAGS reach the package's make.
rpm: $(RPM_DIR)/rpm.stamp

$(RPM_DIR)/rpm.stamp: $(DIST_TAR) $(RPM_SPEC)
	rm -rf $(RPM_DIR)
	mkdir -p $(RPM_DIR)/SOURCES
	cp $(DIST_TAR) $(RPM_DIR)/SOURCES/
	env -i PATH="$$PATH" HOME="$$HOME" rpmbuild --define '_topdir $(abspath $(RPM_DIR))' \
		$(RPM_HOST_FLAGS) $(RPMBUILD_FLAGS) -ba $(RPM_SPEC)
	@touch $@
	@ls $(RPM_DIR)/SRPMS/*.rpm $(RPM_DIR)/RPMS/*/*.rpm

# rpmlint exits non-zero on an error; rpm/rpmlint.toml states Fedora's
# policy where Debian's rpmlint defaults differ; the warnings it still
# gives are listed in docs/packaging.md (RPM package) with why.
rpmlint: rpm
	rpmlint -c rpm/rpmlint.toml $(RPM_SPEC) $(RPM_DIR)/SRPMS/*.rpm $(RPM_DIR)/RPMS/*/*.rpm
