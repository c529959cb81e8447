/* tests/common/gen.c — the generator family of a query's sources. */
#include "gen.h"

const gen_family *gen_for(const sw_query_desc *d)
{
	/* the GJK queries read the other families' sets too: one family serves them all */
	if (d->opts == SW_OPTS_GJK)
		return &gen_gjk_family;
	static const gen_family *const all[] = {&gen_box_family,  &gen_box_tri_family, &gen_poly2_family,
						&gen_hull_family, &gen_circle2_family, &gen_circle3_family};
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		if (all[i]->serves(d->a, d->b))
			return all[i];
	return NULL;
}
