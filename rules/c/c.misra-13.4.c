/* Fixture for c.misra-13.4. */
#include <stdio.h>

int count_lines(FILE *in, int *a, int *b) {
    int c;
    int n = 0;
    /* ruleid: c.misra-13.4 */
    while ((c = fgetc(in)) != EOF) {
        n += (c == '\n');
    }
    /* ruleid: c.misra-13.4 */
    if (n = 0) {
        n = 1;
    }
    /* ruleid: c.misra-13.4 */
    *a = *b = 0;
    /* ruleid: c.misra-13.4 */
    use(n = 2);
    /* ok: c.misra-13.4 */
    c = fgetc(in);
    /* ok: c.misra-13.4 */
    for (int i = 0, j = 9; i < j; i++, j--) { a[i] = a[j]; }
    /* ok: c.misra-13.4 */
    if (n == 0) { n = 1; }
    /* ok: c.misra-13.4 */
    for (n = 0; n < 3; n += 1) { use(n); }
    return n;
}
