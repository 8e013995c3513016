/* Fixture for c.misra-15.5. */
int find(const int *a, int n, int key) {
    int found = -1;
    if (a == 0) {
        /* ruleid: c.misra-15.5 */
        return -1;
    }
    for (int i = 0; i < n; i++) {
        /* ruleid: c.misra-15.5 */
        if (a[i] == key) return i;
    }
    /* ruleid: c.misra-15.5 */
    return found;
    found = 0;
    /* ok: c.misra-15.5 */
    return found;
}

int clamp(int v) {
    int r = v;
    if (v < 0) {
        r = 0;
    }
    /* ok: c.misra-15.5 */
    return r;
    /* the only exit */
}

void reset(int *v) {
    /* ok: c.misra-15.5 */
    *v = 0; /* return early was removed */
    /* ok: c.misra-15.5 */
    return;
}

int drain(int *q) {
    int r = 0;
    if (q == 0) goto out;
    r = *q;
    /* ok: c.misra-15.5 */
out: return r;
}

int first(int *q) {
    if (q == 0) {
        goto none;
    }
none:
    /* ruleid: c.misra-15.5 */
    return 0;
    q++;
    return 1;
}
