/* tests/fuzz/fuzz_poly2_build.c — libFuzzer target for the polygon builder and checker on arbitrary
 * bytes: any point cloud builds or is refused with an error, a built polygon passes the checker and
 * contains every input point, and the checker answers any polygon (any count, any floats) without
 * reading past its vertices. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swept/poly2.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* the checker on a polygon of raw bytes (its count included: anything up to 255) */
	sw_poly2 raw;
	memset(&raw, 0, sizeof raw);
	memcpy(&raw, data, size < sizeof raw ? size : sizeof raw);
	raw.count &= 0xFF;
	sw_error ce = sw_poly2_check(&raw);
	if (ce == SW_OK && (raw.count < 2 || raw.count > SW_POLY2_MAX_VERTS))
		abort();

	/* the builder on the bytes as points */
	size_t n = size / sizeof(sw_vec2);
	sw_vec2 *pts = malloc((n ? n : 1) * sizeof *pts);
	if (!pts)
		return 0;
	memcpy(pts, data, n * sizeof *pts);
	sw_poly2 p;
	sw_error e = sw_poly2_build(pts, n, &p);
	if (e == SW_OK) {
		if (sw_poly2_check(&p) != SW_OK || p.count < 3) {
			fprintf(stderr, "a built polygon fails its check\n");
			abort();
		}
		/* every input point inside or on the polygon, within the builder's tolerance */
		double ext = 0;
		for (uint32_t k = 0; k < p.count; k++)
			ext = fmax(ext, fmax(fabs(p.v[k].x), fabs(p.v[k].y)));
		for (size_t i = 0; i < n; i++)
			for (uint32_t k = 0; k < p.count; k++) {
				sw_vec2 a = p.v[k], b = p.v[(k + 1) % p.count];
				double cr = ((double)b.x - a.x) * ((double)pts[i].y - a.y) -
					    ((double)b.y - a.y) * ((double)pts[i].x - a.x);
				double len = hypot((double)b.x - a.x, (double)b.y - a.y);
				if (cr < -1e-5 * (ext + 1e-30) * len) {
					fprintf(stderr, "point %zu outside edge %u\n", i, k);
					abort();
				}
			}
	} else if (p.count != 0) {
		abort();
	}
	free(pts);
	return 0;
}
