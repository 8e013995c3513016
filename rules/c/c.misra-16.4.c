/* Fixture for c.misra-16.4. */
int dispatch(int cmd, enum color c) {
    int r = 0;
    /* ruleid: c.misra-16.4 */
    switch (cmd) {
    case 1: r = 10; break;
    case 2: r = 20; break;
    }
    /* ruleid: c.misra-16.4 */
    switch (c) { case RED: r = 1; break; case GREEN: r = 2; break; }
    /* ok: c.misra-16.4 */
    switch (cmd) {
    case 1: r = 10; break;
    default: r = -1; break;
    }
    /* ok: c.misra-16.4 */
    switch (c) {
    default:
        break;
    case RED:
        /* ruleid: c.misra-16.4 */
        switch (cmd) { case 3: r = 3; break; }
        break;
    }
    /* ok: c.misra-16.4 */
    if (cmd == 9) { r = 9; } /* switch (cmd) had no default */
    return r;
}
