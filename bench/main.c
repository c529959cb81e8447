/* bench/main.c — swept_bench: the Google Benchmark report of swept (through the C shim, shim.h). Sets
 * the run's context (swept's version and build, the tiers this CPU runs and the best, the CPU's model,
 * family and highest clock when the kernel tells, the compiler, the peers' versions), registers every
 * query of the list (bench_queries.c), the peers (bench_peers.c), the orientation probe
 * (bench_orient.c), the swept circles' earliest hit and slide (bench_circle.c), the hull builds, the
 * placements (bench_place.c) and the steps and thread scaling (bench_step.c), and runs the benchmarks
 * the flags select.
 *
 * Nothing is printed to stdout except by the benchmark reporter: diagnostics go to stderr, so
 * --benchmark_format=json output stays parseable. */
#include <stdio.h>
#include <string.h>

#include <swept/swept.h>

#include "bench_circle.h"
#include "bench_hull_build.h"
#include "bench_peers.h"
#include "bench_mixed.h"
#include "bench_place.h"
#include "bench_step.h"
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
#ifdef SW_HAVE_GJK_LANES_PROBE
#include "bench_gjk_lanes.h"
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

/* "family F model M stepping S" of /proc/cpuinfo (x86), which tells apart CPUs that share a model
 * name ("AMD EPYC" under a hypervisor); "" when absent */
static void cpu_id(char *out, size_t len)
{
	static const char *const keys[3] = {"cpu family", "model", "stepping"};
	static const char *const names[3] = {"family", "model", "stepping"};
	char val[3][32] = {"", "", ""}, line[256];
	out[0] = '\0';
	FILE *f = fopen("/proc/cpuinfo", "r");
	if (!f)
		return;
	/* the first processor's block: a few dozen lines */
	for (int i = 0; i < 4096 && fgets(line, sizeof line, f) && line[0] != '\n'; i++) {
		char *colon = strchr(line, ':');
		for (int k = 0; k < 3 && colon; k++) {
			size_t n = strlen(keys[k]);
			if (strncmp(line, keys[k], n) == 0 && strspn(line + n, " \t") == (size_t)(colon - line) - n)
				snprintf(val[k], sizeof val[k], "%.*s", (int)strcspn(colon + 2, "\n"), colon + 2);
		}
	}
	fclose(f);
	size_t at = 0;
	for (int k = 0; k < 3; k++)
		if (val[k][0] && at < len)
			at += (size_t)snprintf(out + at, len - at, "%s%s %s", at ? " " : "", names[k], val[k]);
}

/* the highest clock the kernel reports (cpufreq, kHz), in MHz as text; "" when it reports none (VMs) */
static void cpu_max_mhz(char *out, size_t len)
{
	out[0] = '\0';
	FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "r");
	long khz = 0;
	if (f && fscanf(f, "%ld", &khz) == 1 && khz > 0)
		snprintf(out, len, "%ld", khz / 1000);
	if (f)
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
	cpu_id(buf, sizeof buf);
	sw_bench_context("cpu_id", buf);
	cpu_max_mhz(buf, sizeof buf);
	sw_bench_context("cpu_max_mhz", buf);
	size_t at = 0;
	buf[0] = '\0';
	for (int i = 0; i < SW_ISA_COUNT; i++)
		if (sw_isa_available((sw_isa)i))
			at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s", at ? "," : "",
					       sw_isa_name((sw_isa)i));
	sw_bench_context("swept_tiers", buf);
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
	bench_circle_register();
	bench_place_register();
	bench_step_register();
	bench_mixed_register();
	bench_split_register();
#ifdef SW_HAVE_ORIENT_PROBE
	bench_orient_register();
#endif
#ifdef SW_HAVE_GJK_LANES_PROBE
	bench_gjk_lanes_register();
#endif
	int rc = sw_bench_run(argc, argv);
	bench_peers_free();
	bench_scenes_free();
	bench_split_free();
	return rc;
}
