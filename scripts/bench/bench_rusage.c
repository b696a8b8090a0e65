/* Runs a command and writes "seconds peak_rss_bytes cpu_seconds exit_status"
 * to OUTFILE. A launcher this small keeps the child's peak RSS honest: Linux
 * counts the forking parent's memory into the child's ru_maxrss, so forking
 * from Python would add its own tens of MiB.
 * Usage: bench_rusage OUTFILE COMMAND [ARG...] */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: bench_rusage OUTFILE COMMAND [ARG...]\n");
        return 2;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); return 2; }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror(argv[2]);
        _exit(127);
    }
    int status;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) { perror("wait4"); return 2; }
    clock_gettime(CLOCK_MONOTONIC, &end);
    FILE *out = fopen(argv[1], "w");
    if (!out) { perror(argv[1]); return 2; }
    double wall = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    double cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6
               + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    fprintf(out, "%.6f %ld %.6f %d\n", wall, usage.ru_maxrss * 1024L, cpu, code);
    fclose(out);
    return 0;
}
