#pragma once
// The job a study file's sweep runs in (`mbw-cli sweep`): the processes of an MPI job when the
// program was started by an MPI launcher (mpirun, mpiexec, srun) in a build with MPI
// (mpi_executor.h), else a pool of threads on this machine. Only the job's first process gathers
// the results (Executor::gathers) and speaks.

#include <functional>
#include <memory>
#include <string>

#include "studies/executor.h"

namespace mbw {

class MpiSession;

class SweepJob {
 public:
  // MPI started when launched so (for the life of the job); jobs: runs at once on this machine
  // otherwise, and under a launcher that started one process (0: one per core)
  explicit SweepJob(int jobs);
  ~SweepJob();
  SweepJob(const SweepJob&) = delete;
  SweepJob& operator=(const SweepJob&) = delete;

  Executor& executor() const { return *executor_; }
  // whether an MPI launcher started the program (always false in a build without MPI)
  bool launched() const;
  // this process's place in the job and the job's processes (0 and 1 when not launched)
  int rank() const;
  int size() const;
  // ends every process of the job with this exit status (after an error on one of them)
  [[noreturn]] void abort(int status) const;
  // Runs this process's part of the sweep (body returns its exit status). Under MPI an error on
  // one process would leave the others waiting for it: its message goes to report on the first
  // process only, and a job of several processes ends with errorStatus. Run alone, an error
  // reaches the caller.
  int run(const std::function<int()>& body, const std::function<void(const std::string&)>& report,
          int errorStatus) const;

 private:
  std::unique_ptr<MpiSession> mpi_;  // outlives the executor, which may use it
  std::unique_ptr<Executor> executor_;
};

}  // namespace mbw
