/* src/alloc.c — the allocator hook (swept/base.h) and its default, the C library's aligned_alloc. */
#include "alloc.h"

#include <stdint.h>
#include <stdlib.h>

#include "swept/base.h"

static void *default_alloc(size_t size, size_t align, void *user)
{
	(void)user;
	/* aligned_alloc wants a size that is a multiple of the alignment */
	size_t rounded = (size + align - 1) & ~(align - 1);
	return rounded < size ? NULL : aligned_alloc(align, rounded);
}

static void default_free(void *ptr, size_t size, void *user)
{
	(void)size, (void)user;
	free(ptr);
}

static sw_alloc_fn *hook_alloc = default_alloc;
static sw_free_fn *hook_free = default_free;
static void *hook_user;

void sw_set_allocator(sw_alloc_fn *alloc, sw_free_fn *free_fn, void *user)
{
	int custom = alloc && free_fn;
	hook_alloc = custom ? alloc : default_alloc;
	hook_free = custom ? free_fn : default_free;
	hook_user = custom ? user : NULL;
}

void *sw_alloc(size_t size, size_t align)
{
	if (size == 0 || align == 0 || (align & (align - 1)) || align > 4096)
		return NULL;
	if (align < sizeof(void *))
		align = sizeof(void *);
	return hook_alloc(size, align, hook_user);
}

void sw_free(void *ptr, size_t size)
{
	if (ptr)
		hook_free(ptr, size, hook_user);
}
