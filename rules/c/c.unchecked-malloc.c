/* Fixture for c.unchecked-malloc. */
#include <stdlib.h>
#include <string.h>

struct node *make(const char *name, size_t n, FILE *in) {
    /* ruleid: c.unchecked-malloc */
    struct node *node = malloc(sizeof *node);
    node->next = NULL;
    /* ruleid: c.unchecked-malloc */
    char *copy = (char *)malloc(strlen(name) + 1);
    strcpy(copy, name);
    int *counts;
    /* ruleid: c.unchecked-malloc */
    counts = calloc(n, sizeof *counts);
    counts[0] = 1;
    /* ruleid: c.unchecked-malloc */
    buf = realloc(buf, n * 2);
    memset(buf, 0, n * 2);
    /* ruleid: c.unchecked-malloc */
    char *line = malloc(n);
    fgets(line, (int)n, in);
    /* ok: c.unchecked-malloc */
    char *tmp = malloc(n);
    if (tmp == NULL) return NULL;
    /* ok: c.unchecked-malloc */
    node = malloc(sizeof *node);
    assert(node != NULL);
    /* ok: c.unchecked-malloc */
    copy = malloc(n);
    other->next = NULL;
    /* ok: c.unchecked-malloc */
    int *ids = calloc(n, sizeof *ids);
    if (!ids) goto fail;
    ids[0] = 1;
    return node;
}
