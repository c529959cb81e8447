/* src/alloc.h — the library's only way to get memory: every allocation goes through the hooks of
 * sw_set_allocator() (swept/base.h). Blocks remember nothing: the caller passes the size back. */
#ifndef SWEPT_ALLOC_H
#define SWEPT_ALLOC_H

#include <stddef.h>

/* `size` bytes aligned to `align` (a power of two ≤ 4096); NULL when size is 0 or on failure */
void *sw_alloc(size_t size, size_t align);
/* returns a block of `size` bytes from sw_alloc; NULL is ignored */
void sw_free(void *ptr, size_t size);

#endif
