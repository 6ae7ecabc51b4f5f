// The last line of defence in main: every failure gets its exit status and one terminal-safe
// message; std::bad_alloc is out of memory (71), other exceptions that are not usage or input
// errors internal errors (70), never std::terminate.
#include "verify/cli/failure_status.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <new>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "verify/io/errors.hpp"

namespace nb::cli {
namespace {

struct Reported {
  int status;
  std::string message;
};

template <class Exception>
Reported report(const Exception& e) {
  std::ostringstream err;
  const int status = report_failure(std::make_exception_ptr(e), err);
  return {status, err.str()};
}

TEST(ReportFailure, UsageAndInputErrorsKeepTheirStatuses) {
  const Reported usage = report(UsageError("--cases must be an integer"));
  EXPECT_EQ(usage.status, 64);
  EXPECT_EQ(usage.message, "normbound: --cases must be an integer\n");
  const Reported input = report(InputError("case file 'x.json': not valid JSON"));
  EXPECT_EQ(input.status, 65);
  EXPECT_EQ(input.message, "normbound: bad input: case file 'x.json': not valid JSON\n");
}

TEST(ReportFailure, OutputsThatCannotBeCreatedOrWrittenAreTheEnvironmentsNotInternalErrors) {
  const Reported create = report(OutputError("'out/results.json': Permission denied"));
  EXPECT_EQ(create.status, 73);
  EXPECT_EQ(create.message, "normbound: cannot create output: 'out/results.json': Permission denied\n");
  const Reported write = report(WriteError("'results.json': No space left on device"));
  EXPECT_EQ(write.status, 74);
  EXPECT_EQ(write.message, "normbound: write failed: 'results.json': No space left on device\n");
  const Reported file_system = report(std::filesystem::filesystem_error(
      "cannot create directories", std::make_error_code(std::errc::permission_denied)));
  EXPECT_EQ(file_system.status, 74);
  EXPECT_NE(file_system.message.find("normbound: file system error: "), std::string::npos) << file_system.message;
}

TEST(ReportFailure, AnyOtherExceptionIsAnInternalErrorWithItsMessageAndARequestToReportIt) {
  for (const Reported& r : {report(std::out_of_range("stod")),
                           report(std::runtime_error("[json.exception.type_error.302] type must be string"))}) {
    EXPECT_EQ(r.status, 70) << r.message;
    EXPECT_NE(r.message.find("normbound: internal error: "), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("please report this"), std::string::npos) << r.message;
  }
  EXPECT_NE(report(std::out_of_range("stod")).message.find("internal error: stod\n"), std::string::npos);
  const Reported odd = report(42);
  EXPECT_EQ(odd.status, 70);
  EXPECT_NE(odd.message.find("not a std::exception"), std::string::npos) << odd.message;
}

TEST(ReportFailure, RunningOutOfMemoryIsExit71NotAnInternalError) {
  const Reported memory = report(std::bad_alloc());
  EXPECT_EQ(memory.status, 71);
  EXPECT_NE(memory.message.find("normbound: out of memory while"), std::string::npos) << memory.message;
  EXPECT_EQ(memory.message.find("internal error"), std::string::npos) << memory.message;
}

TEST(ReportFailure, AThreadTheSystemRefusesIsExit71WithWhatToDo) {
  for (const std::errc refusal : {std::errc::resource_unavailable_try_again, std::errc::not_enough_memory}) {
    const Reported r = report(std::system_error(std::make_error_code(refusal), "thread"));
    EXPECT_EQ(r.status, 71) << r.message;
    EXPECT_NE(r.message.find("the system refused a thread or process"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("--threads"), std::string::npos) << r.message;
  }
  const Reported other = report(std::system_error(std::make_error_code(std::errc::resource_deadlock_would_occur)));
  EXPECT_EQ(other.status, 70) << "any other system error is a bug: " << other.message;
}

TEST(ReportFailure, MessagesQuotingInputsAreTerminalSafe) {
  const Reported r = report(InputError("label '\x1b[2J' in case file"));
  EXPECT_EQ(r.message.find('\x1b'), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("\\x1b[2J"), std::string::npos) << r.message;
}

}  // namespace
}  // namespace nb::cli
