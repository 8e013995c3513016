/* Fixture for c.misra-21.7. */
#include <stdlib.h>

int parse_args(char **argv) {
    /* ruleid: c.misra-21.7 */
    int port = atoi(argv[1]);
    /* ruleid: c.misra-21.7 */
    double ratio = atof(argv[2]);
    /* ruleid: c.misra-21.7 */
    long long big = atoll(argv[3]);
    char *end;
    /* ok: c.misra-21.7 */
    long n = strtol(argv[4], &end, 10);
    /* ok: c.misra-21.7 */
    double d = strtod(argv[5], &end);
    /* ok: c.misra-21.7 */
    int v = my_atoi_checked(argv[6], &port);
    return port;
}
