#include "atlas/collectives/ring_fit.hpp"

#include <cmath>

namespace atlas {

std::optional<RingFit> fit_ring(const std::vector<TimedSize>& points, std::int64_t ranks, std::string& why) {
  if (ranks < 2) {
    why = "The ring model needs at least 2 ranks.";
    return std::nullopt;
  }
  if (points.size() < 2) {
    why = "At least two measured sizes are needed to fit α and B.";
    return std::nullopt;
  }
  // Work in units near 1 (sizes in units of the largest, times in units of the largest) so
  // sums of squares stay well inside double range and the normal equations stay conditioned.
  double n_max = 0, t_max = 0;
  for (const auto& p : points) n_max = std::fmax(n_max, p.bytes), t_max = std::fmax(t_max, p.time);
  double sw = 0, sx = 0, sy = 0;
  for (const auto& p : points) {
    const double w = 1.0 / ((p.time / t_max) * (p.time / t_max));
    sw += w, sx += w * p.bytes / n_max, sy += w * p.time / t_max;
  }
  const double mx = sx / sw, my = sy / sw;
  double sxx = 0, sxy = 0, syy = 0;
  for (const auto& p : points) {
    const double w = 1.0 / ((p.time / t_max) * (p.time / t_max));
    const double dx = p.bytes / n_max - mx, dy = p.time / t_max - my;
    sxx += w * dx * dx, sxy += w * dx * dy, syy += w * dy * dy;
  }
  if (!(sxx > 1e-300)) {
    why = "All measured rows have the same size; at least two different sizes are needed.";
    return std::nullopt;
  }
  double b = sxy / sxx, a = my - b * mx;
  RingFit fit;
  if (a < 0) {
    // A negative startup is unphysical; the best fit with α ≥ 0 is then through the origin.
    double num = 0, den = 0;
    for (const auto& p : points) {
      const double w = 1.0 / ((p.time / t_max) * (p.time / t_max));
      num += w * (p.bytes / n_max) * (p.time / t_max);
      den += w * (p.bytes / n_max) * (p.bytes / n_max);
    }
    a = 0, b = num / den;
    fit.latency_clamped = true;
  }
  if (!(b > 0)) {
    why = "Time does not grow with size in these rows, so no bandwidth can be fitted.";
    return std::nullopt;
  }
  double ss_res = 0;
  for (const auto& p : points) {
    const double w = 1.0 / ((p.time / t_max) * (p.time / t_max));
    const double r = p.time / t_max - (a + b * p.bytes / n_max);
    ss_res += w * r * r;
  }
  const double p = static_cast<double>(ranks);
  fit.intercept = a * t_max;
  fit.slope = b * t_max / n_max;
  fit.latency = fit.intercept / (2 * (p - 1));
  fit.bandwidth = 2 * (p - 1) / p / fit.slope;
  fit.r2 = syy > 0 ? 1 - ss_res / syy : 1.0;
  fit.points = static_cast<int>(points.size());
  if (!std::isfinite(fit.bandwidth) || !std::isfinite(fit.latency) || !std::isfinite(fit.r2)) {
    why = "The fit did not converge to finite values.";
    return std::nullopt;
  }
  return fit;
}

}  // namespace atlas
