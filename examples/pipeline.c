/* examples/pipeline.c — a broadphase → narrowphase step a user can copy: boxes in a set, a naive
 * all-pairs bounding-sphere broadphase emitting candidate pairs, one batched moving-SAT call, and
 * the earliest contact per step picked from the SoA results. */
#include <stdio.h>
#include <stdlib.h>

#include <swept/swept.h>

int main(void)
{
	enum { N = 64 };
	sw_obb3_set set;
	if (sw_obb3_set_init(&set, N) != SW_OK)
		return 1;
	/* a ring of boxes all heading for the centre */
	for (int i = 0; i < N; i++) {
		float a = 6.2831853f * (float)i / N;
		sw_obb3 box = {{10 * cosf(a), 10 * sinf(a), 0.1f * (float)(i % 5)},
			       sw_quat_from_axis_angle(sw_v3(0, 0, 1), a),
			       {0.5f, 0.25f, 0.25f}};
		sw_obb3_set_add(&set, &box, sw_v3(-9 * cosf(a), -9 * sinf(a), 0), NULL);
	}
	/* broadphase: swept bounding spheres that overlap */
	sw_pair *pairs = malloc(sizeof(sw_pair) * N * N);
	size_t n = 0;
	for (uint32_t i = 0; i < N; i++) {
		for (uint32_t j = i + 1; j < N; j++) {
			float dx = set.cx[j] - set.cx[i], dy = set.cy[j] - set.cy[i];
			float reach = 2.0f + 9.0f * 2.0f;
			if (dx * dx + dy * dy < reach * reach)
				pairs[n++] = (sw_pair){i, j};
		}
	}
	/* narrowphase: one call for the whole list */
	uint8_t *status = malloc(n), *feature = malloc(n);
	float *f = malloc(sizeof(float) * n * 5);
	sw_sweep_results res = {status, feature, f, f + n, f + 2 * n, f + 3 * n, f + 4 * n};
	if (sw_obb3_sweep_batch(&set, &set, pairs, n, NULL, &res) != SW_OK)
		return 1;
	size_t first = n, hits = 0;
	for (size_t k = 0; k < n; k++) {
		if (status[k] != SW_HIT)
			continue;
		hits++;
		if (first == n || res.t_first[k] < res.t_first[first])
			first = k;
	}
	printf("tier %s: %zu candidate pairs, %zu hits\n", sw_isa_name(sw_active_isa()), n, hits);
	if (first < n)
		printf("earliest contact: boxes %u and %u at t = %.4f, normal (%.3f, %.3f, %.3f)\n", pairs[first].a,
		       pairs[first].b, res.t_first[first], res.nx[first], res.ny[first], res.nz[first]);
	free(pairs);
	free(status);
	free(feature);
	free(f);
	sw_obb3_set_free(&set);
	return 0;
}
