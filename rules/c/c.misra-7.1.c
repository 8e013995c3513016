/* Fixture for c.misra-7.1. */
#include <sys/stat.h>

void setup(const char *dir) {
    /* ruleid: c.misra-7.1 */
    mkdir(dir, 0755);
    /* ruleid: c.misra-7.1 */
    int codes[] = { 007, 10, 100 };
    /* ruleid: c.misra-7.1 */
    unsigned mask = 017u;
    /* ok: c.misra-7.1 */
    int zero = 0;
    /* ok: c.misra-7.1 */
    mkdir(dir, 0x1ED);
    /* ok: c.misra-7.1 */
    double d = 0.75;
    /* ok: c.misra-7.1 */
    char nl = '\012';
}
