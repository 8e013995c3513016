/* Fixture for c.misra-21.3. */
#include <stdlib.h>

static unsigned char pool[4096];

void work(size_t n) {
    /* ruleid: c.misra-21.3 */
    char *buf = malloc(n);
    /* ruleid: c.misra-21.3 */
    buf = realloc(buf, n * 2);
    /* ruleid: c.misra-21.3 */
    free(buf);
    /* ok: c.misra-21.3 */
    unsigned char *p = pool_alloc(pool, n);
    /* ok: c.misra-21.3 */
    pool_free(pool, p);
    /* ok: c.misra-21.3 */
    size_t need = sizeof(struct node) * n; /* was malloc(n) */
}
