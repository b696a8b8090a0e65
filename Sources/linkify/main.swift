import LinkifyCLI

#if canImport(Glibc)
import Glibc
#endif

exit(Driver.main())
