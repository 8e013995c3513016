/* Fixture for c.misra-21.6. */
/* ruleid: c.misra-21.6 */
#include <stdio.h>
/* ruleid: c.misra-21.6 */
#include <wchar.h>
#ifdef DEBUG
/* ruleid: c.misra-21.6 */
#  include <stdio.h>
#endif
/* ok: c.misra-21.6 */
#include <stdlib.h>
/* ok: c.misra-21.6 */
#include "stdio_port.h"
/* ok: c.misra-21.6 */
#include <stdint.h>
/* ok: c.misra-21.6 */
#include "stdio.h"
