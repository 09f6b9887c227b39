# Salvo: `make demo` runs the main job on the embedded server, `make test` passes the tests.
# Both install what the machine lacks first (Debian packages, with sudo when not root).

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# libcurl4-openssl-dev: the HTTP client; libsqlite3-dev: GRDB's SQLite; curl, python3: the demo
# game script; wrk: the server benchmark; chromium: the browser tests open the HTML reports in
# real headless Chromium (Tests/BrowserTests), and fail, saying to run `make deps`, without it;
# bubblewrap: the sandbox of external bots (util-linux: setpriv, unshare and flock for it and its tests;
# libseccomp-dev: the system-call filter bwrap installs, built by Sources/CSeccomp);
# gcc and default-jdk-headless: the compilers of the example submissions (bots/submissions-example,
# a C and a Java bot built in the sandbox), which the Submissions tests build for real;
# slurm-wlm, munge: the private single-node Slurm cluster the cluster tests start and stop
# (Tests/ClusterTests, docs/cluster-testing.md); python3-pip: installs kubernetes-validate below.
APT_PACKAGES := libcurl4-openssl-dev libsqlite3-dev pkg-config curl python3 wrk chromium bubblewrap util-linux libseccomp-dev \
	gcc default-jdk-headless slurm-wlm munge python3-pip

.PHONY: all deps build release test demo curl-game bench-server clean

all: build

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@# kubernetes-validate (PyPI): the official Kubernetes schemas, bundled, for the manifest tests.
	@# It goes to whichever python3 is first on PATH, the one the tests run; Debian's own python3
	@# refuses pip installs (externally-managed-environment) unless told --break-system-packages.
	@if ! python3 -c 'import kubernetes_validate' 2>/dev/null; then \
	  echo "Installing the PyPI package kubernetes-validate"; \
	  python3 -m pip install -q --no-warn-script-location kubernetes-validate 2>/dev/null || \
	    python3 -m pip install -q --no-warn-script-location --break-system-packages kubernetes-validate; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# At most TEST_WIDTH tests at once: the suites start real servers, bots, compilers, Chromium
# and a Slurm cluster, and on 2 cores a hundred of them at once starve each other's clocks.
TEST_WIDTH ?= 4

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --experimental-maximum-parallelization-width $(TEST_WIDTH)

demo: release
	.build/release/salvo run tournaments/demo.yaml

curl-game: release
	./docs/curl-game.sh .build/release/salvo

bench-server: release
	./benchmarks/server.sh .build/release/salvo

clean:
	rm -rf .build
