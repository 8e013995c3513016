/* Fixture for c.misra-15.7. */
int classify(int v) {
    int r = 0;
    if (v < 0) {
        r = -1;
    /* ruleid: c.misra-15.7 */
    } else if (v > 0) {
        r = 1;
    }
    if (v == 1) {
        r = 10;
    } else if (v == 2) {
        r = 20;
    /* ruleid: c.misra-15.7 */
    } else if (v == 3) {
        r = 30;
    }
    if (v == 4) { r = 40; }
    /* ruleid: c.misra-15.7 */
    else if (v == 5) { r = 50; }
    /* ok: c.misra-15.7 */
    if (v == 6) { r = 60; }
    if (v == 7) {
        r = 70;
    /* ok: c.misra-15.7 */
    } else if (v == 8) {
        r = 80;
    } else {
        r = 0;
    }
    if (v == 9) {
        r = 90;
    /* ok: c.misra-15.7 */
    } else {
        if (v == 10) { r = 100; }
    }
    return r;
}
