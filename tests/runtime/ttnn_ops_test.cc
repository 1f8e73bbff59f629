// Every TTNN op through the executor, in every memory placement (DRAM and L1,
// row-major and tile, f32 and bf16), against float64 references; shapes are
// deliberately not multiples of 32.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "ttnn_test_support.h"

namespace tessera::runtime::testing {
namespace {

namespace fb = ::tt::target;
using fbn::EltwiseOpType;

class TtnnOpsTest : public TtnnTest, public ::testing::WithParamInterface<OpPlacement> {};

size_t numel(const std::vector<int>& shape) {
  return std::accumulate(shape.begin(), shape.end(), size_t{1}, std::multiplies<>());
}

TEST_P(TtnnOpsTest, BinaryOpsBroadcast) {
  const OpPlacement& p = GetParam();
  const std::vector<int> a_shape = {3, 37, 45}, b_shape = {1, 45};
  std::vector<float> a = random_values(numel(a_shape), 1, -2, 2);
  std::vector<float> b = random_values(numel(b_shape), 2, 0.5f, 2);
  const std::vector<float> sa = stored(a, p), sb = stored(b, p);
  struct Case {
    EltwiseOpType type;
    double (*fn)(double, double);
  };
  const Case cases[] = {
      {EltwiseOpType::Add, [](double x, double y) { return x + y; }},
      {EltwiseOpType::Subtract, [](double x, double y) { return x - y; }},
      {EltwiseOpType::Multiply, [](double x, double y) { return x * y; }},
      {EltwiseOpType::Div, [](double x, double y) { return x / y; }},
      {EltwiseOpType::GreaterEqual, [](double x, double y) { return x >= y ? 1.0 : 0.0; }},
      {EltwiseOpType::Maximum, [](double x, double y) { return std::max(x, y); }},
      {EltwiseOpType::Minimum, [](double x, double y) { return std::min(x, y); }},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(fbn::EnumNameEltwiseOpType(c.type));
    auto out = run_op({{a_shape, a}, {b_shape, b}}, a_shape, p,
                      [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
                        w.eltwise(c.type, ins, o);
                      });
    std::vector<double> expected(a.size());
    for (size_t i = 0; i < a.size(); ++i) expected[i] = c.fn(sa[i], sb[i % 45]);
    expect_close(out, expected, p.type);
  }
}

TEST_P(TtnnOpsTest, UnaryOps) {
  const OpPlacement& p = GetParam();
  const std::vector<int> shape = {5, 33};
  std::vector<float> x = random_values(numel(shape), 3, 0.1f, 3);
  const std::vector<float> sx = stored(x, p);
  struct Case {
    EltwiseOpType type;
    double (*fn)(double);
  };
  const Case cases[] = {
      {EltwiseOpType::Relu, [](double v) { return std::max(v, 0.0); }},
      {EltwiseOpType::Sqrt, [](double v) { return std::sqrt(v); }},
      {EltwiseOpType::Sigmoid, [](double v) { return 1 / (1 + std::exp(-v)); }},
      {EltwiseOpType::Reciprocal, [](double v) { return 1 / v; }},
      {EltwiseOpType::Exp, [](double v) { return std::exp(v); }},
      {EltwiseOpType::Neg, [](double v) { return -v; }},
      {EltwiseOpType::Abs, [](double v) { return std::fabs(v); }},
      {EltwiseOpType::Log, [](double v) { return std::log(v); }},
      {EltwiseOpType::Tanh, [](double v) { return std::tanh(v); }},
      {EltwiseOpType::Gelu, [](double v) { return 0.5 * v * (1 + std::erf(v / std::sqrt(2.0))); }},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(fbn::EnumNameEltwiseOpType(c.type));
    // Relu gets inputs around zero; the others need positive ones.
    const bool relu = c.type == EltwiseOpType::Relu;
    std::vector<float> in = x;
    if (relu) {
      for (float& v : in) v -= 1.0f;
    }
    auto out = run_op({{shape, in}}, shape, p,
                      [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
                        w.eltwise(c.type, ins, o);
                      });
    const std::vector<float> s = stored(in, p);
    std::vector<double> expected(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      expected[i] = relu ? std::max<double>(s[i], 0.0) : c.fn(s[i]);
    }
    expect_close(out, expected, p.type);
  }
}

TEST_P(TtnnOpsTest, WhereSelectsByCondition) {
  const OpPlacement& p = GetParam();
  const std::vector<int> shape = {7, 40};
  std::vector<float> cond(numel(shape));
  for (size_t i = 0; i < cond.size(); ++i) cond[i] = (i % 3 == 0) ? 1.0f : 0.0f;
  std::vector<float> a = random_values(cond.size(), 4), b = random_values(cond.size(), 5);
  auto out = run_op({{shape, cond}, {shape, a}, {shape, b}}, shape, p,
                    [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
                      w.eltwise(EltwiseOpType::Where, ins, o);
                    });
  const auto sa = stored(a, p), sb = stored(b, p);
  std::vector<double> expected(cond.size());
  for (size_t i = 0; i < cond.size(); ++i) expected[i] = cond[i] != 0 ? sa[i] : sb[i];
  expect_close(out, expected, p.type);
}

TEST_P(TtnnOpsTest, ReductionsOverDims) {
  const OpPlacement& p = GetParam();
  const std::vector<int> shape = {4, 35, 6};
  std::vector<float> x = random_values(numel(shape), 6);
  const auto sx = stored(x, p);
  for (auto type :
       {fbn::ReductionOpType::Sum, fbn::ReductionOpType::Mean, fbn::ReductionOpType::Max}) {
    for (bool keep_dim : {false, true}) {
      SCOPED_TRACE(std::string(fbn::EnumNameReductionOpType(type)) + (keep_dim ? " keep" : ""));
      std::vector<int> out_shape = keep_dim ? std::vector<int>{4, 1, 6} : std::vector<int>{4, 6};
      std::vector<int32_t> dims = {1};
      auto out = run_op({{shape, x}}, out_shape, p,
                        [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
                          w.add(fbn::OpType::ReductionOp,
                                fbn::CreateReductionOpDirect(w.fbb(), type, w.ref(ins[0]), w.ref(o),
                                                             &dims, keep_dim)
                                    .Union());
                        });
      std::vector<double> expected(24);
      for (int i = 0; i < 4; ++i) {
        for (int k = 0; k < 6; ++k) {
          double sum = 0, best = -INFINITY;
          for (int j = 0; j < 35; ++j) {
            sum += sx[(i * 35 + j) * 6 + k];
            best = std::max<double>(best, sx[(i * 35 + j) * 6 + k]);
          }
          expected[i * 6 + k] = type == fbn::ReductionOpType::Sum    ? sum
                                : type == fbn::ReductionOpType::Mean ? sum / 35
                                                                     : best;
        }
      }
      expect_close(out, expected, p.type, type == fbn::ReductionOpType::Sum ? 0.05 : 0.0);
    }
  }
}

TEST_P(TtnnOpsTest, SoftmaxOverLastDim) {
  const OpPlacement& p = GetParam();
  const std::vector<int> shape = {9, 50};
  std::vector<float> x = random_values(numel(shape), 7, -4, 4);
  const auto sx = stored(x, p);
  auto out = run_op({{shape, x}}, shape, p,
                    [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
                      w.add(fbn::OpType::SoftmaxOp,
                            fbn::CreateSoftmaxOp(w.fbb(), w.ref(ins[0]), w.ref(o), -1).Union());
                    });
  std::vector<double> expected(x.size());
  for (int r = 0; r < 9; ++r) {
    double peak = -INFINITY, sum = 0;
    for (int c = 0; c < 50; ++c) peak = std::max<double>(peak, sx[r * 50 + c]);
    for (int c = 0; c < 50; ++c) sum += std::exp(sx[r * 50 + c] - peak);
    for (int c = 0; c < 50; ++c) expected[r * 50 + c] = std::exp(sx[r * 50 + c] - peak) / sum;
  }
  expect_close(out, expected, p.type);
}

TEST_P(TtnnOpsTest, TransposePermuteReshapeSlice) {
  const OpPlacement& p = GetParam();
  const std::vector<int> shape = {2, 3, 40};
  std::vector<float> x = random_values(numel(shape), 8);
  const auto sx = stored(x, p);
  auto at = [&](int i, int j, int k) { return static_cast<double>(sx[(i * 3 + j) * 40 + k]); };

  auto transposed = run_op(
      {{shape, x}}, {2, 40, 3}, p, [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
        w.add(fbn::OpType::TransposeOp,
              fbn::CreateTransposeOp(w.fbb(), w.ref(ins[0]), w.ref(o), 1, 2).Union());
      });
  std::vector<double> expected;
  for (int i = 0; i < 2; ++i)
    for (int k = 0; k < 40; ++k)
      for (int j = 0; j < 3; ++j) expected.push_back(at(i, j, k));
  expect_close(transposed, expected, p.type);

  std::vector<int64_t> permutation = {2, 0, 1};
  auto permuted = run_op(
      {{shape, x}}, {40, 2, 3}, p, [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
        w.add(fbn::OpType::PermuteOp,
              fbn::CreatePermuteOpDirect(w.fbb(), w.ref(ins[0]), w.ref(o), &permutation).Union());
      });
  expected.clear();
  for (int k = 0; k < 40; ++k)
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j) expected.push_back(at(i, j, k));
  expect_close(permuted, expected, p.type);

  std::vector<int32_t> new_shape = {6, -1};
  auto reshaped = run_op(
      {{shape, x}}, {6, 40}, p, [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
        w.add(fbn::OpType::ReshapeOp,
              fbn::CreateReshapeOpDirect(w.fbb(), w.ref(ins[0]), w.ref(o), &new_shape).Union());
      });
  expect_close(reshaped, std::vector<double>(sx.begin(), sx.end()), p.type);

  std::vector<int64_t> begins = {1, 0, 3}, ends = {2, 3, 40}, steps = {1, 2, 5};
  auto sliced = run_op(
      {{shape, x}}, {1, 2, 8}, p, [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
        w.add(fbn::OpType::SliceOp,
              fbn::CreateSliceOpDirect(w.fbb(), w.ref(ins[0]), w.ref(o), &begins, &ends, &steps)
                  .Union());
      });
  expected.clear();
  for (int j = 0; j < 3; j += 2)
    for (int k = 3; k < 40; k += 5) expected.push_back(at(1, j, k));
  expect_close(sliced, expected, p.type);
}

// ttnn.pad's layout: (before, after) per dim, outermost first.
TEST_P(TtnnOpsTest, PadWithAConstant) {
  const OpPlacement& p = GetParam();
  const std::vector<int> shape = {2, 3, 5};
  std::vector<float> x = random_values(numel(shape), 11);
  const auto sx = stored(x, p);
  std::vector<uint32_t> padding = {1, 0, 0, 2, 3, 1};
  auto padded = run_op(
      {{shape, x}}, {3, 5, 9}, p, [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
        w.add(fbn::OpType::PadOp,
              fbn::CreatePadOpDirect(w.fbb(), w.ref(ins[0]), w.ref(o), &padding, 2.0f).Union());
      });
  std::vector<double> expected;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 9; ++k) {
        const bool inside = i >= 1 && j < 3 && k >= 3 && k < 8;
        expected.push_back(inside ? sx[((i - 1) * 3 + j) * 5 + (k - 3)] : 2.0);
      }
  expect_close(padded, expected, p.type);
}

TEST_P(TtnnOpsTest, ConcatAlongMiddleDim) {
  const OpPlacement& p = GetParam();
  std::vector<float> a = random_values(2 * 3 * 5, 9), b = random_values(2 * 4 * 5, 10);
  auto out = run_op(
      {{{2, 3, 5}, a}, {{2, 4, 5}, b}}, {2, 7, 5}, p,
      [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
        std::vector<flatbuffers::Offset<fb::TensorRef>> refs = {w.ref(ins[0]), w.ref(ins[1])};
        w.add(fbn::OpType::ConcatOp,
              fbn::CreateConcatOpDirect(w.fbb(), &refs, w.ref(o), 1).Union());
      });
  const auto sa = stored(a, p), sb = stored(b, p);
  std::vector<double> expected;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 5; ++k) expected.push_back(sa[(i * 3 + j) * 5 + k]);
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 5; ++k) expected.push_back(sb[(i * 4 + j) * 5 + k]);
  }
  expect_close(out, expected, p.type);
}

TEST_P(TtnnOpsTest, EmbeddingGathersRows) {
  const OpPlacement& p = GetParam();
  std::vector<float> indices = {3, 0, 7, 7, 1};
  std::vector<float> weight = random_values(10 * 36, 11);
  auto out = run_op(
      {{{5}, indices, DataType::UInt32}, {{10, 36}, weight}}, {5, 36}, p,
      [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
        w.add(fbn::OpType::EmbeddingOp,
              fbn::CreateEmbeddingOp(w.fbb(), w.ref(ins[0]), w.ref(ins[1]), w.ref(o)).Union());
      });
  const auto sw = stored(weight, p);
  std::vector<double> expected;
  for (float index : indices)
    for (int c = 0; c < 36; ++c) expected.push_back(sw[static_cast<int>(index) * 36 + c]);
  expect_close(out, expected, p.type);
}

TEST_P(TtnnOpsTest, BatchedMatmulBroadcastsAndLinearAddsBias) {
  const OpPlacement& p = GetParam();
  const int B = 2, M = 33, K = 70, N = 41;
  std::vector<float> a = random_values(B * M * K, 12), b = random_values(K * N, 13);
  std::vector<float> bias = random_values(N, 14);
  const auto sa = stored(a, p), sb = stored(b, p), sbias = stored(bias, p);
  std::vector<double> expected(B * M * N);
  for (int i = 0; i < B * M; ++i)
    for (int n = 0; n < N; ++n) {
      double sum = 0;
      for (int k = 0; k < K; ++k) sum += double(sa[i * K + k]) * sb[k * N + n];
      expected[i * N + n] = sum;
    }
  auto product =
      run_op({{{B, M, K}, a}, {{K, N}, b}}, {B, M, N}, p,
             [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
               w.add(fbn::OpType::MatmulOp,
                     fbn::CreateMatmulOp(w.fbb(), w.ref(ins[0]), w.ref(ins[1]), w.ref(o)).Union());
             });
  expect_close(product, expected, p.type, 0.02);
  for (int i = 0; i < B * M; ++i)
    for (int n = 0; n < N; ++n) expected[i * N + n] += sbias[n];
  auto linear = run_op(
      {{{B, M, K}, a}, {{K, N}, b}, {{N}, bias}}, {B, M, N}, p,
      [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
        w.add(fbn::OpType::LinearOp,
              fbn::CreateLinearOp(w.fbb(), w.ref(ins[0]), w.ref(ins[1]), w.ref(ins[2]), w.ref(o))
                  .Union());
      });
  expect_close(linear, expected, p.type, 0.02);
}

TEST_P(TtnnOpsTest, Conv2dAndMaxPoolOnFlattenedNhwc) {
  const OpPlacement& p = GetParam();
  const int N = 1, H = 9, W = 7, C = 3, CO = 5, KH = 3, KW = 3;
  const int OH = (H + 2 - KH) / 1 + 1, OW = (W + 2 - KW) / 1 + 1;  // padding 1, stride 1
  std::vector<float> input = random_values(N * H * W * C, 15);
  std::vector<float> weight = random_values(CO * C * KH * KW, 16);
  const auto si = stored(input, p), sw = stored(weight, p);
  std::vector<double> expected(N * OH * OW * CO, 0.0);
  for (int oh = 0; oh < OH; ++oh)
    for (int ow = 0; ow < OW; ++ow)
      for (int co = 0; co < CO; ++co) {
        double sum = 0;
        for (int kh = 0; kh < KH; ++kh)
          for (int kw = 0; kw < KW; ++kw) {
            const int ih = oh + kh - 1, iw = ow + kw - 1;
            if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
            for (int ci = 0; ci < C; ++ci) {
              sum += double(si[(ih * W + iw) * C + ci]) * sw[((co * C + ci) * KH + kh) * KW + kw];
            }
          }
        expected[(oh * OW + ow) * CO + co] = sum;
      }
  auto conv =
      run_op({{{1, 1, N * H * W, C}, input}, {{CO, C, KH, KW}, weight}}, {1, 1, N * OH * OW, CO}, p,
             [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
               w.add(fbn::OpType::Conv2dOp,
                     fbn::CreateConv2dOp(w.fbb(), w.ref(ins[0]), w.ref(ins[1]), 0, w.ref(o), C, CO,
                                         N, H, W, KH, KW, 1, 1, 1, 1, 1, 1, 1)
                         .Union());
             });
  expect_close(conv, expected, p.type, 0.02);

  // 2x2 max pool, stride 2, no padding.
  const int PH = H / 2, PW = W / 2;
  auto pooled = run_op({{{1, 1, N * H * W, C}, input}}, {1, 1, N * PH * PW, C}, p,
                       [&](TtnnProgramWriter& w, const auto& ins, const TtnnTensor& o) {
                         w.add(fbn::OpType::MaxPool2dOp,
                               fbn::CreateMaxPool2dOp(w.fbb(), w.ref(ins[0]), w.ref(o), N, H, W, C,
                                                      2, 2, 2, 2, 0, 0, 1, 1)
                                   .Union());
                       });
  std::vector<double> pool_expected;
  for (int oh = 0; oh < PH; ++oh)
    for (int ow = 0; ow < PW; ++ow)
      for (int c = 0; c < C; ++c) {
        double best = -INFINITY;
        for (int kh = 0; kh < 2; ++kh)
          for (int kw = 0; kw < 2; ++kw)
            best = std::max<double>(best, si[((oh * 2 + kh) * W + ow * 2 + kw) * C + c]);
        pool_expected.push_back(best);
      }
  expect_close(pooled, pool_expected, p.type);
}

TEST_P(TtnnOpsTest, FullAndEmptyCreateOnDevice) {
  const OpPlacement& p = GetParam();
  TtnnProgramWriter w;
  TtnnTensor full{1, {3, 50}, p.type, p.space, p.tiled};
  TtnnTensor empty{2, {3, 50}, p.type, p.space, p.tiled};
  TtnnTensor sum{3, {3, 50}, p.type, p.space, p.tiled};
  TtnnTensor host{4, {3, 50}, DataType::Float32, MemorySpace::System, false};
  w.add(fbn::OpType::FullOp, fbn::CreateFullOp(w.fbb(), 0, 2.5f, w.ref(full)).Union());
  w.add(fbn::OpType::EmptyOp, fbn::CreateEmptyOp(w.fbb(), 0, w.ref(empty)).Union());
  w.eltwise(EltwiseOpType::Add, {full, empty}, sum);
  w.to_memory(sum, host);
  auto result = run(w.build({}, {host}), {});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  for (float v : floats_of(result->outputs[0])) ASSERT_EQ(v, 2.5f);
}

INSTANTIATE_TEST_SUITE_P(Placements, TtnnOpsTest, ::testing::ValuesIn(op_placements()),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace tessera::runtime::testing
