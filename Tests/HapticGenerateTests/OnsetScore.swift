/// Onset precision, recall and F-measure with a ±50 ms window and one-to-one matching, as
/// `mir_eval.onset.f_measure(window=0.05)` computes them. On sorted times with one window
/// width, matching each reference to the earliest unmatched estimate in reach is a maximum
/// matching (the intervals are ordered), so this equals mir_eval's bipartite matching.
struct OnsetScore: Sendable {
    var precision: Double
    var recall: Double
    var f: Double
    /// Median of estimate − reference over the matches, seconds.
    var medianError: Double

    init(reference: [Double], estimated: [Double], window: Double = 0.05) {
        let r = reference.sorted()
        let e = estimated.sorted()
        var i = 0
        var j = 0
        var errors: [Double] = []
        while i < r.count && j < e.count {
            if e[j] < r[i] - window {
                j += 1
            } else if e[j] > r[i] + window {
                i += 1
            } else {
                errors.append(e[j] - r[i])
                i += 1
                j += 1
            }
        }
        let matches = Double(errors.count)
        precision = e.isEmpty ? 0 : matches / Double(e.count)
        recall = r.isEmpty ? 0 : matches / Double(r.count)
        f = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
        errors.sort()
        medianError = errors.isEmpty ? .nan : errors[errors.count / 2]
    }
}
