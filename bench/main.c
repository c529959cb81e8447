/* bench/main.c — swept_bench: the Google Benchmark report of swept (through the C shim, shim.h). Sets
 * the run's context (swept's version and build, the best tier, the CPU, the compiler, the peers'
 * versions), registers every query of the list (bench_queries.c), the peers (bench_peers.c) and the
 * orientation probe (bench_orient.c), and runs the benchmarks the flags select.
 *
 * Nothing is printed to stdout except by the benchmark reporter: diagnostics go to stderr, so
 * --benchmark_format=json output stays parseable. */
#include <stdio.h>
#include <string.h>

#include <swept/swept.h>

#include "bench_hull_build.h"
#include "bench_peers.h"
#include "bench_queries.h"
#include "bench_scene.h"
#include "bench_split.h"
#include "job.h"
#include "shim.h"

#ifdef SW_HAVE_BULLET
#include "peer_bullet.h"
#endif
#ifdef SW_HAVE_BOX2D
#include "peer_box2d.h"
#endif
#ifdef SW_HAVE_ORIENT_PROBE
#include "orient_probe.h"
#endif

#ifndef SW_BENCH_BUILDTYPE
#define SW_BENCH_BUILDTYPE "unknown"
#endif
/* the package's version when the build knows it (Box2D 2.4.1's b2_version says 2.4.0) */
#ifndef SW_BOX2D_PKG_VERSION
#define SW_BOX2D_PKG_VERSION "unknown"
#endif

#if defined(__clang__)
#define SW_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define SW_COMPILER "gcc " __VERSION__
#else
#define SW_COMPILER "unknown"
#endif

/* the "model name" of /proc/cpuinfo (x86; arm64 kernels may not have one): "unknown" when absent */
static void cpu_model(char *out, size_t len)
{
	snprintf(out, len, "unknown");
	FILE *f = fopen("/proc/cpuinfo", "r");
	if (!f)
		return;
	char line[256];
	/* the first processor's block is enough: a few dozen lines */
	for (int i = 0; i < 4096 && fgets(line, sizeof line, f); i++) {
		char *colon = strchr(line, ':');
		if (strncmp(line, "model name", 10) != 0 || !colon)
			continue;
		colon += 1 + (colon[1] == ' ');
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(out, len, "%s", colon);
		break;
	}
	fclose(f);
}

static void set_context(void)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%d.%d.%d", SW_VERSION_MAJOR, SW_VERSION_MINOR, SW_VERSION_PATCH);
	sw_bench_context("swept_version", buf);
	sw_bench_context("swept_buildtype", SW_BENCH_BUILDTYPE);
	sw_bench_context("swept_best_isa", sw_isa_name(sw_best_isa()));
	cpu_model(buf, sizeof buf);
	sw_bench_context("cpu_model", buf);
	sw_bench_context("compiler", SW_COMPILER);
#ifdef SW_HAVE_BULLET
	snprintf(buf, sizeof buf, "%d.%02d", swp_bullet_version() / 100, swp_bullet_version() % 100);
	sw_bench_context("bullet_version", buf);
#endif
#ifdef SW_HAVE_BOX2D
	const char *b2v = SW_BOX2D_PKG_VERSION;
	sw_bench_context("box2d_version", strcmp(b2v, "unknown") ? b2v : swp_box2d_version());
#endif
}

int main(int argc, char **argv)
{
	set_context();
	/* the public and the internal view of the tiers must agree, or a tier row would lie */
	for (int i = 0; i < SW_ISA_COUNT; i++) {
		int avail = sw_isa_available((sw_isa)i), table = sw_kernels_for((sw_isa)i) != NULL;
		if (avail != table)
			fprintf(stderr, "warning: tier %s: sw_isa_available() says %d but sw_kernels_for() says %d\n",
				sw_isa_name((sw_isa)i), avail, table);
	}
	if (bench_queries_register() != 0)
		return 1;
	bench_peers_register();
	bench_hull_build_register();
	bench_split_register();
#ifdef SW_HAVE_ORIENT_PROBE
	bench_orient_register();
#endif
	int rc = sw_bench_run(argc, argv);
	bench_peers_free();
	bench_scenes_free();
	bench_split_free();
	return rc;
}
