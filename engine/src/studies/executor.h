#pragma once
// How a study's runs are spread: each run on one thread (so that its CPU time stays comparable),
// several at once. The local executor is a pool of threads; the MPI executor (mpi_executor.h)
// hands runs to the processes of an MPI job as they free up. Jobs are indices; what a job yields
// is text (a results-table row, an encoded reference run), so that it can travel between
// processes.

#include <functional>
#include <string>
#include <vector>

namespace mbw {

class Executor {
 public:
  virtual ~Executor() = default;
  // how many runs go on at once
  virtual int workers() const = 0;
  // e.g. "2 threads", "3 MPI processes"
  virtual std::string description() const = 0;
  // whether this process gathers what the jobs yield (false on the helping MPI processes)
  virtual bool gathers() const { return true; }

  // Runs work(job) for every job of the list, each on one thread. done(job, text) is called on
  // the calling thread of the gathering process as the jobs finish, in the order they finish.
  // Once stop() (polled on the calling thread) returns true no more jobs start; run returns when
  // those started have finished. An exception thrown by work is rethrown here.
  virtual void run(const std::vector<int>& jobs, const std::function<std::string(int)>& work,
                   const std::function<void(int, const std::string&)>& done,
                   const std::function<bool()>& stop) = 0;

  // The gathering process's text, given to every process (MPI); locally the text itself.
  virtual std::string share(const std::string& text) { return text; }
};

// A pool of threads on this machine.
class ThreadPoolExecutor final : public Executor {
 public:
  // threads < 1: one per core
  explicit ThreadPoolExecutor(int threads = 0);
  int workers() const override { return threads_; }
  std::string description() const override;
  void run(const std::vector<int>& jobs, const std::function<std::string(int)>& work,
           const std::function<void(int, const std::string&)>& done,
           const std::function<bool()>& stop) override;

 private:
  int threads_;
};

// The cores of this machine (at least 1).
int coreCount();

}  // namespace mbw
