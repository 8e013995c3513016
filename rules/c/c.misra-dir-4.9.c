/* Fixture for c.misra-dir-4.9. */
/* ruleid: c.misra-dir-4.9 */
#define SQUARE(x) ((x) * (x))
/* ruleid: c.misra-dir-4.9 */
#define MAX(a, b) ((a) > (b) ? (a) : (b))
/* ruleid: c.misra-dir-4.9 */
#define LOG(...) log_write(__FILE__, __LINE__, __VA_ARGS__)
/* ok: c.misra-dir-4.9 */
#define BUFFER_SIZE (256)
/* ok: c.misra-dir-4.9 */
#define GREETING "hello (world)"
/* ok: c.misra-dir-4.9 */
static inline int square(int x) { return x * x; }
/* ok: c.misra-dir-4.9 */
#undef SQUARE
