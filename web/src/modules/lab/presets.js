// Starting points with the basis of every number. Effective bandwidth is per direction on one
// ring link; startup latency is per step. They are illustrations of the model, not benchmarks.

export const PRESETS = [
  {
    id: 'example',
    label: 'Worked example',
    values: { ranks: 8, bandwidth: 100e9, latency: 5e-6 },
    basis: 'The numbers of the worked example: 8 ranks, 100 GB/s, 5 µs per step; with 1 GiB the ring takes 18.860 ms.',
    sources: [],
  },
  {
    id: 'nvlink',
    label: '8 GPUs over NVLink',
    values: { ranks: 8, bandwidth: 450e9, latency: 2e-6 },
    basis:
      'H100 SXM: fourth-generation NVLink gives 900 GB/s per GPU in total, i.e. 450 GB/s each way. ' +
      'The 2 µs per step is an assumption of the order of an on-node GPU-to-GPU hop, not a measurement.',
    sources: [
      {
        title: 'NVIDIA H100 Tensor Core GPU datasheet (NVLink 900 GB/s)',
        url: 'https://www.nvidia.com/en-us/data-center/h100/',
      },
    ],
  },
  {
    id: 'infiniband',
    label: '2 nodes, 400 Gb/s InfiniBand',
    values: { ranks: 16, bandwidth: 50e9, latency: 5e-6 },
    basis:
      'NDR InfiniBand carries 400 Gb/s = 50 GB/s per port each way; a ring across two 8-GPU nodes is limited by its inter-node hops. ' +
      'The 5 µs per step is an assumed network-plus-software startup (switch latency alone is well under 1 µs).',
    sources: [
      {
        title: 'NVIDIA Quantum-2 InfiniBand platform (NDR 400 Gb/s)',
        url: 'https://www.nvidia.com/en-us/networking/quantum2/',
      },
    ],
  },
  {
    id: 'pcie',
    label: '4 GPUs over PCIe 4.0',
    values: { ranks: 4, bandwidth: 25e9, latency: 10e-6 },
    basis:
      'PCIe 4.0 ×16 signals 16 GT/s on 16 lanes with 128b/130b coding ≈ 31.5 GB/s each way; about 80 % of that, 25 GB/s, ' +
      'is assumed usable after packet overhead. The 10 µs per step is an assumption for transfers staged through the host bridge.',
    sources: [{ title: 'PCI-SIG: PCI Express 4.0 (16 GT/s)', url: 'https://pcisig.com/specifications' }],
  },
];
