"""Logistic regression as the fitted models' trainers use it (train_bare_names.py,
train_dates.py): plain batch gradient descent on the mean log loss with an L2
penalty, a fixed number of iterations from zero weights. Identical examples are
counted once with their multiplicity, in sorted order, so the weights depend on
the examples and not on their order: the same inputs give the same weights on
every machine."""
import math


def fit(examples, d, iterations, rate, l2, clamp=None):
    """Weights (bias last) fitted to (x, y) pairs, x of length d, y 0 or 1.

    clamp(i, w) may bound weight i after each step (a sign a feature must keep)."""
    w = [0.0] * (d + 1)
    n = len(examples)
    if n == 0:
        return w
    groups = {}
    for x, y in examples:
        key = (tuple(x), y)
        groups[key] = groups.get(key, 0) + 1
    rows = [([(i, v) for i, v in enumerate(x) if v], y, c) for (x, y), c in sorted(groups.items())]
    for _ in range(iterations):
        g = [0.0] * (d + 1)
        for nz, y, c in rows:
            z = w[d]
            for i, v in nz:
                z += w[i] * v
            p = 1.0 / (1.0 + math.exp(-z)) if z > -35 else 0.0
            e = (p - y) * c
            for i, v in nz:
                g[i] += e * v
            g[d] += e
        for i in range(d):
            w[i] -= rate * (g[i] / n + l2 * w[i])
            if clamp:
                w[i] = clamp(i, w[i])
        w[d] -= rate * g[d] / n
    return w


def hundredths(w):
    """The weights as the binaries add them: integers, in hundredths."""
    return [int(round(v * 100)) for v in w]
