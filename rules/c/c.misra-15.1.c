/* Fixture for c.misra-15.1. */
int parse(const char *s, int n) {
    int i = 0;
    /* ruleid: c.misra-15.1 */
    if (s == 0) goto fail;
    while (i < n) {
        /* ruleid: c.misra-15.1 */
        if (s[i] == '#') goto done;
        /* ruleid: c.misra-15.1 */
        goto next;
next:
        i++;
        /* ok: c.misra-15.1 */
        if (s[i] == ';') break;
        /* ok: c.misra-15.1 */
        continue;
    }
done:
    /* ok: c.misra-15.1 */
    return i; /* no goto here */
fail:
    /* ok: c.misra-15.1 */
    log_msg("goto fail");
    return -1;
}
