/* runstat RUNS INPUT PROGRAM [ARG...]: runs PROGRAM RUNS times with INPUT on
 * stdin and stdout on /dev/null; prints "SECONDS MAXRSS_KIB" per run.
 * A small C parent, because ru_maxrss counts the memory a child had before
 * exec: spawned from Python it would start at Python's own size. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: runstat RUNS INPUT PROGRAM [ARG...]\n"); return 2; }
    int runs = atoi(argv[1]);
    for (int r = 0; r < runs; r++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        pid_t pid = fork();
        if (pid < 0) { perror("fork"); return 2; }
        if (pid == 0) {
            int in = open(argv[2], O_RDONLY), out = open("/dev/null", O_WRONLY);
            if (in < 0 || out < 0) { perror("open"); _exit(127); }
            dup2(in, 0); dup2(out, 1); close(in); close(out);
            execvp(argv[3], argv + 3);
            perror(argv[3]);
            _exit(127);
        }
        int status;
        struct rusage usage;
        if (wait4(pid, &status, 0, &usage) < 0) { perror("wait4"); return 2; }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fprintf(stderr, "runstat: %s failed (status %d)\n", argv[3], status);
            return 1;
        }
        printf("%.9f %ld\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9, usage.ru_maxrss);
    }
    return 0;
}
