#pragma once
// Clocks for run statistics and the cost split of integrators.
//   threadCpuSeconds()   CPU time of the calling thread, s: a system call on Linux (1.7 us a
//                        reading on the shared development VM, as much as half an evaluation of
//                        the double pendulum's state-space ODE), read once at each end of a run
//   monotonicSeconds()   elapsed time, s: read in user space (vDSO, about 30 ns), for the phases
//                        of the cost split, timed thousands of times a run
// A PhaseTimer adds the elapsed time of its scope to a counter; the run (Simulation) turns the
// counters into CPU time by the ratio of its CPU time to its elapsed time, which is exact when
// the thread is preempted as often inside the phases as outside them (in proportion).

#include <ctime>

namespace mbw {

inline double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

inline double monotonicSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Adds the elapsed time of its scope to a counter.
class PhaseTimer {
 public:
  explicit PhaseTimer(double& total) : total_(total), start_(monotonicSeconds()) {}
  ~PhaseTimer() { total_ += monotonicSeconds() - start_; }
  PhaseTimer(const PhaseTimer&) = delete;
  PhaseTimer& operator=(const PhaseTimer&) = delete;

 private:
  double& total_;
  double start_;
};

}  // namespace mbw
