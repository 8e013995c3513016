/* Fixture for c.misra-15.6. */
int check(int *a, int n) {
    int i = 0;
    /* ruleid: c.misra-15.6 */
    if (a == 0) return -1;
    if (n > 10) {
        n = 10;
    } else
        /* ruleid: c.misra-15.6 */
        n = n + 1;
    /* ruleid: c.misra-15.6 */
    for (i = 0; i < n; i++) a[i] = 0;
    /* ruleid: c.misra-15.6 */
    while (i > 0) i--;
    /* ok: c.misra-15.6 */
    if (a[0] == 1) { n = 0; }
    /* ok: c.misra-15.6 */
    else if (a[0] == 2) { n = 1; }
    /* ok: c.misra-15.6 */
    else { n = 2; }
    /* ok: c.misra-15.6 */
    while (n > 0) { n--; }
    return n;
}
