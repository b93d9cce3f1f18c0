#pragma once
// Running a study's runs on the processes of an MPI job (mpirun -np N mbw-cli sweep ..., or srun
// under Slurm). Every process builds the same study; process 0 hands out runs as processes free
// up — itself included, on a second thread — gathers what they yield and writes the table; the
// others only run what they are handed. Waits poll with short sleeps, so that an idle process
// does not spin on a core its neighbours need. Built when MPI is found (MBW_HAVE_MPI).

#include <memory>
#include <string>

#include "studies/executor.h"

namespace mbw {

// MPI for the life of the object: initialized with threads funnelled through the calling thread.
class MpiSession {
 public:
  // A session when this program was started by an MPI launcher (mpirun, mpiexec, srun: found in
  // the environment), else nullptr: run alone, the program needs no MPI.
  static std::unique_ptr<MpiSession> startIfLaunched();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  // ends every process of the job with this exit status (after an error on one of them)
  [[noreturn]] void abort(int status) const;

 private:
  MpiSession();
  int rank_ = 0, size_ = 1;
};

class MpiExecutor final : public Executor {
 public:
  explicit MpiExecutor(const MpiSession& session) : session_(session) {}
  int workers() const override { return session_.size(); }
  std::string description() const override;
  bool gathers() const override { return session_.rank() == 0; }
  void run(const std::vector<int>& jobs, const std::function<std::string(int)>& work,
           const std::function<void(int, const std::string&)>& done,
           const std::function<bool()>& stop) override;
  std::string share(const std::string& text) override;

 private:
  void coordinate(const std::vector<int>& jobs, const std::function<std::string(int)>& work,
                  const std::function<void(int, const std::string&)>& done,
                  const std::function<bool()>& stop);
  void serve(const std::function<std::string(int)>& work);

  const MpiSession& session_;
};

}  // namespace mbw
